import { randomBytes } from "node:crypto";
import { expectAccessible } from "./portal";
import { expect, test } from "./fixtures";
import { apiKey, demoLicenseeAlbum, DEMO_USERS, signIn } from "./helpers";

test("staff see the client's eligibility answers, and move a blocked request to ready only with an override note", async ({
  page,
  request,
}) => {
  const run = randomBytes(4).toString("hex");
  const staff = { Authorization: `Bearer ${apiKey("staff")}` };
  const client = { Authorization: `Bearer ${apiKey("client")}` };
  // Filed with answers, on an album of its own (the demo licensee's), then linked: only the answers stand in the way.
  const album = await demoLicenseeAlbum(request, `Answers E2E ${run}`);
  const filed = await request.post("/api/requests", {
    headers: client,
    data: {
      track: {
        album: { id: album.albumId },
        releases: [{ formatId: 1002, releaseQuantity: 300 }],
        song: { title: `Landslide ${run}`, originalRecordingArtist: "Fleetwood Mac" },
      },
      eligibility: { changedMelody: true, distributedOutsideUs: true, usesSample: false },
    },
  });
  expect(filed.status()).toBe(201);
  const { id } = (await filed.json()) as { id: number };
  const song = await request.post("/api/songs", {
    headers: staff,
    data: { title: `Landslide ${run}`, writers: ["Stevie Nicks"], owners: [{ name: "Welsh Witch Music", share: 100 }] },
  });
  const songId = ((await song.json()) as { id: number }).id;
  expect((await request.post(`/api/requests/${id}/link-song`, { headers: staff, data: { songId } })).status()).toBe(
    200,
  );

  await signIn(page, DEMO_USERS.employee);
  await page.goto(`/staff/requests/${id}`);
  const answers = page.getByRole("region", { name: "Eligibility answers" });
  await expect(answers).toContainText(/Is the melody changed.*Yes/);
  await expect(answers).toContainText(/Does the recording use a sample of another recording\?No/);
  await expect(answers).toContainText(/Is the song in the public domain.*Not answered/);
  await expect(answers).toContainText("cannot move to “Ready to license” without an override");
  await expectAccessible(page);

  const status = page.getByRole("region", { name: "Status" });
  await status.getByRole("button", { name: "Move to “Ready to license”" }).click();
  await expect(status.getByRole("alert")).toContainText("override with a note");
  await status.getByLabel(/Why the eligibility answers do not rule the license out/).fill("A change of tempo only.");
  await status.getByRole("button", { name: "Move to “Ready to license”" }).click();
  await expect(status.getByRole("status")).toHaveText('Moved to "Ready to license".');
  await expect(page.getByTestId("eligibility-override")).toContainText("A change of tempo only.");
});
