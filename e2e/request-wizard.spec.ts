import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiKey, DEMO_USERS, payAndBegin, signIn } from "./helpers";
import { expectAccessible } from "./portal";
import { newAlbumOnDigitalRelease } from "./wizard";

test("a client files a two-track request through the wizard and finds it in the list", async ({ page }) => {
  const album = `Wizard Album ${Date.now()}`;
  await signIn(page, DEMO_USERS.client);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "New request" }).click();
  await expect(page.getByRole("heading", { name: "Step 1 of 5: Licensee" })).toBeVisible();
  await expectAccessible(page);

  // Licensee: a new one; the API's own rules show on the fields before anything is sent.
  await page.getByLabel("A new licensee").check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("a licensee needs lastName or companyName")).toBeVisible();
  await expect(page.getByText("must be an email address")).toBeVisible();
  await page.getByLabel("Company name").fill("Wizard Music LLC");
  await page.getByLabel("Email").fill("rights@wizard-music.com");
  await page.getByRole("button", { name: "Next" }).click();

  // Album: new.
  await expect(page.getByRole("heading", { name: "Step 2 of 5: Album" })).toBeVisible();
  await page.getByLabel("Album title").fill(album);
  await page.getByLabel("Album artist").fill("The Wizards");
  // A refresh keeps the draft and the step.
  await page.reload();
  await expect(page.getByText("We kept your unfinished request")).toBeVisible();
  await expect(page.getByLabel("Album title")).toHaveValue(album);
  await page.getByRole("button", { name: "Next" }).click();

  // Release: the earliest allowed month is explained; a format and a quantity.
  await expect(page.getByRole("heading", { name: "Step 3 of 5: Release" })).toBeVisible();
  await expect(page.getByText(/the earliest allowed month is/)).toBeVisible();
  // A streaming format without outlets stops here, next to the field, with the API's message.
  await page.getByLabel("Format").selectOption({ label: "Interactive Audio Streams" });
  await page.getByLabel("Quantity (units)").fill("1000");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Step 3 of 5: Release" })).toBeVisible();
  const outlets = page.getByLabel("Expected outlets of distribution");
  await expect(outlets).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Interactive Audio Streams needs a summary of the distribution outlets")).toBeVisible();
  await page.getByLabel("Format").selectOption({ label: "Compact Discs" });
  await page.getByLabel("Quantity (units)").fill("1000");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Next" }).click();

  // Tracks: two songs.
  await expect(page.getByRole("heading", { name: "Step 4 of 5: Tracks" })).toBeVisible();
  const first = page.getByRole("region", { name: "Track 1" });
  await first.getByLabel("Song title").fill("Yesterday");
  await first.getByLabel("Original recording artist").fill("The Beatles");
  await first.getByLabel("Length in seconds").fill("125");
  await page.getByRole("button", { name: "+ Add a track" }).click();
  const second = page.getByRole("region", { name: "Track 2" });
  await second.getByLabel("Song title").fill("Jolene");
  await second.getByLabel("Composer").fill("Dolly Parton");
  await second.getByLabel("Length in seconds").fill("161");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Next" }).click();

  // Review: the royalty per track and in total (statutory per-copy rate × 1000 units each).
  await expect(page.getByRole("heading", { name: "Step 5 of 5: Review" })).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.filter({ hasText: "Yesterday" })).toContainText("$0.1");
  await expect(rows.filter({ hasText: "Jolene" })).toContainText("$0.1");
  await expect(page.getByTestId("royalty-total")).toHaveText(/^\$2\d\d\.00$/);
  // The eligibility pre-check warns with the reason the request would end with, and does not block filing.
  const check = page.getByRole("group", { name: "Before you file: can a compulsory license apply?" });
  await check.getByLabel("Are any of the lyrics changed, added or translated?").check();
  await expect(check.getByRole("status")).toContainText('it would end as "Cannot license" (The lyrics were changed)');
  await expectAccessible(page);
  await check.getByLabel("Are any of the lyrics changed, added or translated?").uncheck();
  await expect(check.getByRole("status")).toBeEmpty();
  // A release already out is not filed: the answer is refused where it was given.
  const out = check.getByLabel("Is your release already out (copies already sold, streamed or given away)?");
  await out.check();
  await expect(check.getByRole("status")).toContainText("A release that is already out cannot be filed.");
  await page.getByRole("button", { name: "File the requests" }).click();
  await expect(
    check.getByText("a release already out is not filed (a license for it would be retroactive)"),
  ).toBeVisible();
  await expect(out).toHaveAttribute("aria-invalid", "true");
  await out.uncheck();
  await page.getByRole("button", { name: "File the requests" }).click();

  // The album page confirms, with both tracks.
  await expect(page.getByText("Your 2 requests were filed.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: album })).toBeVisible();
  await expect(page.getByRole("heading", { name: /1\. Yesterday/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /2\. Jolene/ })).toBeVisible();

  // The list finds both by the album's title.
  await page.goto("/requests");
  await page.getByLabel("Search").fill(album);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("2 requests match your filters.")).toBeVisible();
  const list = page.getByRole("main").locator("tbody tr");
  await expect(list.filter({ hasText: "Yesterday" })).toContainText("New");
  await expect(list.filter({ hasText: "Jolene" })).toContainText(album);
  await expectAccessible(page);

  // Filing cleared the draft.
  await page.goto("/requests/new");
  await expect(page.getByRole("heading", { name: "Step 1 of 5: Licensee" })).toBeVisible();
  await expect(page.getByText("We kept your unfinished request")).toHaveCount(0);
});

/** Signed in as client staff, the wizard past its first step with the demo licensee chosen. */
async function startForDemoLicensee(page: Page) {
  await signIn(page, DEMO_USERS.client);
  await page.goto("/requests/new");
  await page.getByLabel("An existing licensee").check();
  await page
    .getByLabel("Licensee", { exact: true })
    .selectOption({ label: "Lee Licensee Music (licensee@coverdesk.test)" });
  await page.getByRole("button", { name: "Next" }).click();
}

/** The client files "Motown Medley" (a whole and two song parts) on a new album of the demo licensee, in the wizard. */
async function fileMotownMedley(page: Page, album: string) {
  await startForDemoLicensee(page);
  await newAlbumOnDigitalRelease(page, album);

  const track = page.getByRole("region", { name: "Track 1" });
  await track.getByLabel("Song title").fill("Motown Medley");
  await track.getByLabel("Original recording artist").fill("Various");
  await track.getByLabel("This track is a medley").check();
  await expect(track.getByLabel("Medley title")).toHaveValue("Motown Medley");
  const part1 = track.getByRole("region", { name: "Song part 1" });
  await expect(part1.getByLabel("Song title")).toBeFocused();
  await part1.getByLabel("Song title").fill("My Girl");
  await part1.getByLabel("Original recording artist").fill("The Temptations");
  await track.getByRole("button", { name: "+ Add a song part" }).click();
  const part2 = track.getByRole("region", { name: "Song part 2" });
  await part2.getByLabel("Song title").fill("Dancing in the Street");
  await part2.getByLabel("Composer").fill("Marvin Gaye");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("row", { name: /medley as a whole/ })).toContainText("$0.0000");
  await expect(page.getByText("Estimated total (3 requests)")).toBeVisible();
  await page.getByRole("button", { name: "File the requests" }).click();
  await expect(page.getByText("Your 3 requests were filed.")).toBeVisible();
}

test("a medley is filed as a whole and as each of its song parts, on an existing licensee", async ({ page }) => {
  await fileMotownMedley(page, `Medley Album ${Date.now()}`);
  await expect(page.getByText("a song part of the medley “Motown Medley”")).toHaveCount(2);
});

test("a medley filed in the wizard reaches licensed as a whole when its parts are licensed", async ({
  page,
  request,
}) => {
  const album = `Licensed Medley ${Date.now()}`;
  await fileMotownMedley(page, album);
  const client = { Authorization: `Bearer ${apiKey("client")}` };
  const staff = { Authorization: `Bearer ${apiKey("staff")}` };
  const albumId = /\/albums\/(\d+)/.exec(page.url())![1];
  const listed = await request.get(`/api/albums/${albumId}/requests`, { headers: client });
  type Listed = { id: number; trackId: number; medley: { kind: string } | null };
  const filed = (await listed.json()) as Listed[];
  const whole = filed.find((r) => r.medley?.kind === "whole")!;
  const parts = filed.filter((r) => r.medley?.kind === "part");
  expect(parts).toHaveLength(2);

  // Staff research and license each part (the API does what the staff pages do); the whole is never touched.
  for (const [i, part] of parts.entries()) {
    const song = await request.post("/api/songs", {
      headers: staff,
      data: {
        title: `Medley part ${i} ${Date.now()}`,
        writers: ["A Writer"],
        owners: [{ name: `Part ${i} Music`, postalAddress: `${i} Medley Road\nAustin, TX 78701`, share: 100 }],
      },
    });
    const { id: songId, owners } = (await song.json()) as { id: number; owners: { id: number }[] };
    expect(
      (await request.post(`/api/requests/${part.id}/link-song`, { headers: staff, data: { songId } })).status(),
    ).toBe(200);
    expect(
      (await request.post(`/api/requests/${part.id}/status`, { headers: staff, data: { code: "ready" } })).status(),
    ).toBe(200);
    await payAndBegin(request, part.id);
    for (const owner of owners) {
      expect(
        (
          await request.post(`/api/requests/${part.id}/owners/${owner.id}/notice`, {
            headers: staff,
            data: { method: "mail", carrier: "USPS" },
          })
        ).status(),
      ).toBe(200);
    }
    // Filed without lengths: each part is licensed only once its own length is known, and its page says so.
    if (i === 0) {
      await page.goto(`/requests/${part.id}`);
      await expect(page.getByRole("note").filter({ hasText: "Length needed" })).toBeVisible();
    }
    // 3:00 keeps the royalty at the per-copy minimum: no top-up, licensed at once.
    const length = await request.patch(`/api/tracks/${part.trackId}`, {
      headers: client,
      data: [{ op: "replace", path: "/lengthInSeconds", value: 180 }],
    });
    expect(length.status()).toBe(200);
  }

  await page.goto(`/requests/${whole.id}`);
  await expect(page.getByText("Licensed", { exact: true }).first()).toBeVisible();
  const partList = page.getByRole("region", { name: "Song parts of this medley" });
  await expect(partList.getByRole("listitem")).toHaveCount(2);
  await expect(partList.getByRole("listitem").filter({ hasText: "My Girl" })).toContainText("Licensed");
  await expect(partList.getByRole("listitem").filter({ hasText: "Dancing in the Street" })).toContainText("Licensed");
  const download = await request.get(`/api/requests/${whole.id}/license`, { headers: client });
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  await expectAccessible(page);
});

test("a client adds a track to an existing release of an album; releases that cannot be joined say why", async ({
  page,
}) => {
  const song = `Harbor Song ${Date.now()}`;
  await startForDemoLicensee(page);
  await page.getByLabel("An existing album").check();
  await page.getByLabel(/Late Summer/).check();
  await page.getByRole("button", { name: "Next" }).click();

  // Late Summer's only release is being licensed: it is shown, with the reason, and cannot be chosen.
  await page.getByLabel("An existing release").check();
  const locked = page.getByRole("group", { name: "Release", exact: true }).getByRole("radio");
  await expect(locked).toHaveCount(1);
  await expect(locked).toBeDisabled();
  await expect(page.getByText("Cannot be joined: licensing has begun on this release.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Choose a release that can be joined.")).toBeVisible();

  await page.getByRole("button", { name: "Back", exact: true }).click();
  await page.getByLabel(/Tidewater/).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("An existing release").check();
  const open = page.getByRole("group", { name: "Release", exact: true }).getByRole("radio");
  await expect(open).toBeEnabled();
  await open.check();
  await expect(page.getByLabel("Format", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Next" }).click();

  const track = page.getByRole("region", { name: "Track 1" });
  await track.getByLabel("Song title").fill(song);
  await track.getByLabel("Original recording artist").fill("The Harbor Lights");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("(existing release)")).toBeVisible();
  await expect(page.getByText("Estimated total (1 request)")).toBeVisible();
  await page.getByRole("button", { name: "File the requests" }).click();

  await expect(page.getByText("Your request was filed.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Tidewater" })).toBeVisible();
  const releases = page.getByRole("region", { name: "Releases" }).getByRole("listitem");
  await expect(releases).toHaveCount(1);
  await expect(releases).toContainText(song);
});
