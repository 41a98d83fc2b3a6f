import { describe, expect, it } from "vitest";
import { OPEN_STATUSES, SETTLED_STATUSES, STATUS_CODES } from "@/lib/requests/statuses";

// The staff queue selects its open requests as "not settled" (the predicate of its partial index): the two lists must
// split the statuses exactly, or a status added later would fall out of the queue or into it unnoticed.
describe("open and settled statuses", () => {
  it("split every status into exactly one of the two", () => {
    expect([...OPEN_STATUSES, ...SETTLED_STATUSES].sort()).toEqual([...STATUS_CODES].sort());
  });
});
