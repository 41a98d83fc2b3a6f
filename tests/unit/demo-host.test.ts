import { describe, expect, it } from "vitest";
import { parseEnv } from "@/env";
import { demoStartArgs } from "@/scripts/cli/demo";

describe("npm run demo's server", () => {
  it("listens on this machine alone by default: the demo's password is in the README", () => {
    const args = demoStartArgs(parseEnv({}));
    expect(args).toEqual(["start", "-p", "3000", "-H", "127.0.0.1"]);
  });

  it("listens where DEMO_HOST says, on PORT", () => {
    expect(demoStartArgs(parseEnv({ DEMO_HOST: "0.0.0.0", PORT: "4100" }))).toEqual([
      "start",
      "-p",
      "4100",
      "-H",
      "0.0.0.0",
    ]);
  });
});
