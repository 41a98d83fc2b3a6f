import { describe, expect, it } from "vitest";
import { moneyInput } from "@/lib/money/amounts";

const MESSAGE = "must be an amount in dollars and cents, such as 1,067.96";

describe("amounts typed as people type them", () => {
  it.each([
    ["1,067.96", 10679600],
    ["$1067.96", 10679600],
    ["$1,067.96", 10679600],
    [" 1067.96 ", 10679600],
    ["1067.9", 10679000],
    ["1,000,000", 10000000000],
    ["12", 120000],
  ])("%j is %i hundredths of a cent", (input, amount) => expect(moneyInput.parse(input)).toBe(amount));

  it.each(["1,06.7", "12.345", "-5", "abc", "", "1,0000.00", "$", "1.", "1 067.96"])(
    "refuses %j with the one message",
    (input) => {
      const result = moneyInput.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGE]);
    },
  );

  it("refuses zero with a message of its own", () => {
    expect(moneyInput.safeParse("0.00").error?.issues.map((i) => i.message)).toEqual(["must be more than 0"]);
  });
});
