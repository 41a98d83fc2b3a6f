import { describe, expect, it } from "vitest";
import { formatUsd } from "@/lib/formatting";

describe("formatUsd: amounts as people read them", () => {
  it.each([
    ["0.00", "$0.00"],
    ["16.99", "$16.99"],
    ["999.99", "$999.99"],
    ["1067.96", "$1,067.96"],
    ["12345.00", "$12,345.00"],
    ["1000000.00", "$1,000,000.00"],
    ["123456789.01", "$123,456,789.01"],
    ["-12.50", "-$12.50"],
    ["-1067.96", "-$1,067.96"],
    ["0.1310", "$0.1310"],
    ["2500", "$2,500"],
  ])("%s reads %s", (amount, shown) => {
    expect(formatUsd(amount)).toBe(shown);
  });
});
