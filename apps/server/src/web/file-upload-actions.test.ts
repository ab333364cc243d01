import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PHOTO_MAX_BYTES } from "@bureau/domain/account-rules";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userPhotos, users } from "../db/auth-schema.ts";
import { sanctionsLists } from "../db/schema.ts";
import { type SignedIn, signUp, signUpAndSignIn } from "../test/auth-helpers.ts";
import { tinyJpeg, tinyPng } from "../test/images.ts";
import { type FormFile, multipartForm } from "../test/multipart.ts";
import { appWithStaff } from "../test/staff-app.ts";
import { webBuildDir } from "../test/test-app.ts";

const haveWebBuild = existsSync(path.join(webBuildDir, "server", "index.js"));
const here = path.dirname(fileURLToPath(import.meta.url));
const sanctionsList = readFileSync(path.join(here, "../modules/sanctions/fixtures/UK_Sanctions_List.csv"));

/**
 * The list's test file with 300 more designations, each with a long statement of reasons, as the
 * published list has: a file of about 3 MB, far over the 64 KB of an ordinary page post.
 */
function largeSanctionsList(): Buffer {
  const text = sanctionsList.toString("utf8");
  const template = text.split("\n").find((line) => line.includes(",TST0001,") && line.includes("Primary Name,"));
  if (!template) throw new Error("The list's test file has no primary name row for TST0001");
  const reasons = `"${"Involved in the supply of restricted goods and in finance for it. ".repeat(150)}"`;
  const rows = Array.from({ length: 300 }, (_, i) =>
    template
      .replace(",TST0001,", `,GEN${String(i).padStart(4, "0")},`)
      .replace(",PETROV,Ivan,", `,GENERATED,Person${i},`)
      .replace(/"Involved in activity[^"]*(""[^"]*)*"/, reasons),
  );
  return Buffer.from(`${text.trimEnd()}\n${rows.join("\n")}\n`);
}

/**
 * The two file uploads go through route actions like every other change (decision 016): the page's
 * form posts the file as multipart/form-data to its route's action, which hands the file itself to the
 * API in-process, where the API's own checks, authorisation and audit apply.
 */
describe.skipIf(!haveWebBuild)("file uploads through route actions", () => {
  const started = appWithStaff({ web: true });

  /** A form post from our own page, as a fetcher sends it (`.data`) or, without JavaScript, the form itself. */
  async function postForm(
    url: string,
    fields: Record<string, string | FormFile>,
    headers: Record<string, string>,
    options: { declaredLength?: number } = {},
  ) {
    const { payload, contentType } = await multipartForm(fields);
    return started.t.app.inject({
      method: "POST",
      url,
      headers: {
        host: "localhost:3000",
        "content-type": contentType,
        ...(options.declaredLength ? { "content-length": String(options.declaredLength) } : {}),
        ...headers,
      },
      payload,
    });
  }

  const png = (bytes: Uint8Array = tinyPng): FormFile => ({ filename: "me.png", type: "image/png", bytes });
  const csv = (bytes: Uint8Array = sanctionsList): FormFile => ({ filename: "list.csv", type: "text/csv", bytes });

  /** The profile page's photo upload as its fetcher posts it. */
  const postPhoto = (photo: string | FormFile, headers: Record<string, string>) =>
    postForm("/account/profile.data", { intent: "upload-photo", photo }, headers);
  /** What `storedPhoto` gives for a person with no photo. */
  const noPhoto = { contentType: null, bytes: 0, image: null };

  async function storedPhoto(userId: string) {
    const [photo] = await started.t.app.db.select().from(userPhotos).where(eq(userPhotos.userId, userId));
    const [user] = await started.t.app.db.select({ image: users.image }).from(users).where(eq(users.id, userId));
    return { contentType: photo?.contentType ?? null, bytes: photo?.bytes.length ?? 0, image: user?.image ?? null };
  }

  const listCount = async () => (await started.t.app.db.select({ id: sanctionsLists.id }).from(sanctionsLists)).length;

  describe("the profile photo, posted to the profile page's action", () => {
    it("stores the photo of the signed-in person and points their avatar at it", async () => {
      const person = await signUp(started.t.app);
      const response = await postPhoto(png(), person.headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('"ok",true');
      const stored = await storedPhoto(person.userId);
      expect(stored).toMatchObject({ contentType: "image/png", bytes: tinyPng.length });
      expect(stored.image).toMatch(/^\/api\/account\/photo\/.+\?v=\d+$/);
    });

    it("works without JavaScript: the form's own post gets the page back, saying the photo is saved", async () => {
      const person = await signUp(started.t.app);
      const jpeg: FormFile = { filename: "me.jpg", type: "image/jpeg", bytes: tinyJpeg };
      const response = await postForm("/account/profile", { intent: "upload-photo", photo: jpeg }, person.headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain("Your photo is saved");
      expect(await storedPhoto(person.userId)).toMatchObject({ contentType: "image/jpeg" });
    });

    it("refuses a file that is not an image, whatever it claims, in the API's words, changing nothing", async () => {
      const person = await signUp(started.t.app);
      const notAnImage = png(Buffer.from("not an image at all"));
      const claimed = await postPhoto(notAnImage, person.headers);
      expect(claimed.statusCode).toBe(200);
      expect(claimed.body).toContain('"ok",false');
      expect(claimed.body).toContain("The photo must be a PNG, JPEG or WebP image.");
      // Declared as a type the API does not take (the API's 415, in the same words).
      const gif: FormFile = { filename: "me.gif", type: "image/gif", bytes: tinyPng };
      const declared = await postPhoto(gif, person.headers);
      expect(declared.body).toContain("The photo must be a PNG, JPEG or WebP image.");
      expect(await storedPhoto(person.userId)).toEqual(noPhoto);
    });

    it("refuses a photo over 1 MB in the API's words (the page lets it through to the API), changing nothing", async () => {
      const person = await signUp(started.t.app);
      const tooLarge = png(Buffer.concat([tinyPng, Buffer.alloc(PHOTO_MAX_BYTES + 1 - tinyPng.length)]));
      const response = await postPhoto(tooLarge, person.headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('"ok",false');
      expect(response.body).toContain("The photo must be 1 MB or smaller.");
      expect(await storedPhoto(person.userId)).toEqual(noPhoto);
    });

    it("refuses the post of a signed-out visitor through the API, and a post without the file with 400", async () => {
      const response = await postPhoto(png(), { origin: "http://localhost:3000" });
      expect(response.body).toContain('"ok",false');
      expect(response.body).toContain('"status",401');
      const person = await signUp(started.t.app);
      const noFile = await postPhoto("me.png", person.headers);
      expect(noFile.statusCode).toBe(400);
      expect(await storedPhoto(person.userId)).toEqual(noPhoto);
    });

    it("refuses a photo posted from another site before the action runs", async () => {
      const person = await signUp(started.t.app);
      const response = await postPhoto(png(), { cookie: person.cookie, origin: "https://evil.example" });
      expect(response.statusCode).toBe(403);
      expect(await storedPhoto(person.userId)).toEqual(noPhoto);
    });
  });

  describe("the UK Sanctions List, posted to the compliance page's action", () => {
    it("imports a list of megabytes for a staff-verified admin, who is recorded as its importer", async () => {
      const before = await listCount();
      const list = largeSanctionsList();
      expect(list.length).toBeGreaterThan(2 * 1024 * 1024);
      const response = await postForm(
        "/dashboard/compliance.data",
        { intent: "import-sanctions-list", list: csv(list) },
        started.staff.headers,
      );
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('"ok",true');
      expect(response.body).toContain("17-Nov-2026");
      expect(await listCount()).toBe(before + 1);
      const [latest] = await started.t.app.db
        .select()
        .from(sanctionsLists)
        .orderBy(desc(sanctionsLists.importedAt))
        .limit(1);
      expect(latest).toMatchObject({ entryCount: 306, importedBy: started.staff.email });
    });

    it("works without JavaScript: the form's own post gets the page back with the import", async () => {
      const response = await postForm(
        "/dashboard/compliance",
        { intent: "import-sanctions-list", list: csv() },
        started.staff.headers,
      );
      expect(response.statusCode).toBe(200);
      expect(response.body.replaceAll("<!-- -->", "")).toContain("List of 17-Nov-2026 imported: 6 designations");
    });

    it("refuses a file that is not the list in the API's words, importing nothing", async () => {
      const before = await listCount();
      const response = await postForm(
        "/dashboard/compliance.data",
        { intent: "import-sanctions-list", list: csv(Buffer.from("name,country\nsomeone,somewhere\n")) },
        started.staff.headers,
      );
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('"ok",false');
      expect(response.body).toContain("Nothing was imported.");
      expect(await listCount()).toBe(before);
    });

    it("refuses a customer, an admin who has not passed the Secure Box, and a post from another site", async () => {
      const before = await listCount();
      const customer: SignedIn = await signUp(started.t.app);
      const asCustomer = await postForm(
        "/dashboard/compliance.data",
        { intent: "import-sanctions-list", list: csv() },
        customer.headers,
      );
      expect(asCustomer.statusCode).toBe(403);

      const unverifiedAdmin = await signUpAndSignIn(started.t.app, { role: "admin" });
      const asUnverified = await postForm(
        "/dashboard/compliance",
        { intent: "import-sanctions-list", list: csv() },
        unverifiedAdmin.headers,
      );
      // Sent to the Secure Box, the file unread.
      expect(asUnverified.statusCode).toBe(302);
      expect(asUnverified.headers.location).toMatch(/^\/box\?/);

      const crossSite = await postForm(
        "/dashboard/compliance.data",
        { intent: "import-sanctions-list", list: csv() },
        { cookie: started.staff.cookie, origin: "https://evil.example" },
      );
      expect(crossSite.statusCode).toBe(403);
      expect(await listCount()).toBe(before);
    });
  });
});
