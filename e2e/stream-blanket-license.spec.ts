import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./helpers";
import { expectAccessible } from "./portal";

// Streams on a service holding the MLC's blanket license need no license from us: the wizard says a stream license is
// the owners' (voluntary) before filing, and a filing for Spotify is refused with the reason, nothing filed.
test("a client filing streams for Spotify is refused with the reason, and files nothing", async ({ page }) => {
  const album = `Streamed Single ${Date.now()}`;
  await signIn(page, DEMO_USERS.client);
  await page.goto("/requests/new");
  await expect(page.getByRole("heading", { name: "Step 1 of 5: Licensee" })).toBeVisible();
  await page.getByLabel("A new licensee").check();
  await page.getByLabel("Company name").fill("Stream Test Music LLC");
  await page.getByLabel("Email").fill("rights@stream-test.example.com");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Album title").fill(album);
  await page.getByLabel("Album artist").fill("The Streamers");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "Step 3 of 5: Release" })).toBeVisible();
  await page.getByLabel("Format").selectOption({ label: "Interactive Audio Streams" });
  await page.getByLabel("Quantity (units)").fill("250000");
  await page.getByLabel("Expected outlets of distribution").fill("Spotify");
  await expect(page.getByTestId("stream-note")).toContainText("not a compulsory license");
  await expect(page.getByTestId("stream-note")).toContainText("a voluntary license from the copyright owners");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "Step 4 of 5: Tracks" })).toBeVisible();
  const track = page.getByRole("region", { name: "Track 1" });
  await track.getByLabel("Song title").fill("Dreams");
  await track.getByLabel("Original recording artist").fill("Fleetwood Mac");
  await track.getByLabel("Length in seconds").fill("215");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "Step 5 of 5: Review" })).toBeVisible();
  await expect(page.getByTestId("stream-note")).toContainText("a voluntary license from the copyright owners");
  await page.getByRole("button", { name: "File the requests" }).click();

  // Refused: back at the release, the outlets marked, the reason said; the album was not filed.
  await expect(page.getByRole("heading", { name: "Step 3 of 5: Release" })).toBeVisible();
  const alert = page.getByRole("alert").filter({ hasText: "blanket license" });
  await expect(alert).toContainText("Spotify holds the Mechanical Licensing Collective's blanket license");
  await expect(alert).toContainText("pays the mechanical royalty");
  await expect(alert).toContainText("Nothing was filed");
  await expect(page.getByLabel("Expected outlets of distribution")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await page.goto(`/requests?q=${encodeURIComponent(album)}`);
  await expect(page.getByText(album)).toHaveCount(0);
});
