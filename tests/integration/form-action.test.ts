import { beforeAll, describe, expect, it } from "vitest";
import { albumChanges } from "@/lib/albums/fields";
import { patchAlbum } from "@/lib/albums/patch-album";
import type { Actor } from "@/lib/auth/actor";
import { actorFromAuthorization } from "@/lib/auth/api-keys";
import { runFormAction } from "@/lib/forms/run-form-action";
import { linkSongSchema } from "@/lib/workflow/status-schemas";
import { clientKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { beginLicensing } from "../helpers/state";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let client: Actor;
const licensee = (accountId: number): Actor => ({
  kind: "licensee",
  name: "L",
  accountId,
  licenseeId: crypto.randomUUID(),
  userId: 1,
});

beforeAll(async () => {
  const { key } = await clientKey(db(), "Form Action Records");
  client = await actorFromAuthorization(db(), `Bearer ${key}`);
});

describe("the portal's server-action helper", () => {
  it("refuses a role that may never use the action before it reads the values", async () => {
    let ran = false;
    const work = () => {
      ran = true;
      return Promise.resolve(null);
    };
    const options = {
      roles: ["employee"],
      doing: "link songs",
      schema: linkSongSchema,
      values: { songId: "nope" },
    } as const;
    const result = await runFormAction(client, options, work);
    expect(result).toEqual({
      ok: false,
      code: "forbidden",
      message: "Only service staff can link songs.",
      fieldErrors: {},
    });
    expect(ran).toBe(false);
  });

  it("answers bad values on the form's own field names, without running the use case", async () => {
    let ran = false;
    const result = await runFormAction(client, { schema: albumChanges, values: { title: "", artist: 42 } }, () => {
      ran = true;
      return Promise.resolve(null);
    });
    expect(result).toMatchObject({
      ok: false,
      code: "validation_failed",
      fieldErrors: { title: "must not be empty", artist: "must be a string" },
    });
    expect(ran).toBe(false);
  });

  it("maps the use case's domain error to the same result, and passes its data through on success", async () => {
    const { key } = await clientKey(db(), "Form Action Records");
    const request = await fileRequest(key);
    const editors = { roles: ["employee", "client"], doing: "change albums", schema: albumChanges } as const;
    const save = (values: unknown) =>
      runFormAction(
        client,
        { ...editors, values },
        async ({ db, actor, input }) => (await patchAlbum(db, actor, request.albumId, input)).title,
      );
    expect(await save({ title: "Renamed" })).toEqual({ ok: true, data: "Renamed" });
    await beginLicensing(db(), request.id);
    expect(await save({ title: "Too late" })).toMatchObject({
      ok: false,
      code: "licensing_begun",
      fieldErrors: { title: "licensing has begun" },
    });
    const refused = await runFormAction(licensee(1), { ...editors, values: { title: "" } }, () =>
      Promise.resolve(null),
    );
    expect(refused).toMatchObject({ ok: false, code: "forbidden" });
  });

  it("lets anything but a domain error through (a bug is not a form error)", async () => {
    await expect(runFormAction(client, {}, () => Promise.reject(new TypeError("boom")))).rejects.toThrow("boom");
  });
});
