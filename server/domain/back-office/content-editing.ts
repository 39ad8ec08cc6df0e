import type { ActionResult, StaffActor } from '../../../common/back-office';
import { parseFields } from '../../../common/api-errors';
import { editablePageSchema } from '../../../common/content';
import type { AnnouncementState, AnnouncementView, BackOfficeContent, EventEditorView, MediaItem } from '../../../common/content-admin';
import { formatCents } from '../../../common/money';
import type { Db } from '../../db/database';
import { DuplicateKeyError } from '../../db/errors';
import { findPage, markStaffEdited } from '../../db/repositories/content';
import { discardDraft, findDraft, findVersion, listVersions, publishPage, saveDraft } from '../../db/repositories/content-versions';
import { findEventByNumber, lockEvent, nextEventNumber, setEventPublished, upsertEvent, type EventRecord } from '../../db/repositories/events';
import { findMediaByKey, findMediaById, insertMedia, listMedia, publishMedia, setMediaAlt, type MediaRecord } from '../../db/repositories/media';
import {
  deleteAnnouncementRow,
  findAnnouncementRow,
  insertAnnouncementRow,
  listAnnouncementRows,
  swapAnnouncementPositions,
  updateAnnouncementRow,
  type AnnouncementRow,
} from '../../db/repositories/announcements';
import type { Logger } from '../../logger';
import { processUpload, UploadRefused, variantWidths } from '../media/process-upload';
import { MediaStorageError, type MediaStore } from '../media/media-store';
import { recordAudit } from './audit';
import { createContentPictures } from './content-pictures';
import { AnnouncementFormSchema } from './announcement-form';
import { parseEventForm, type EventFormValues } from './event-form';

const fail = (errors: Record<string, string>) => ({ ok: false as const, errors });
const PUBLISHED_EVENT = 'Only an admin can change a published event. Duplicate it to prepare a draft, or ask an admin.';
const ADMIN_PUBLISHES = 'Only an admin can publish. Save it as a draft and ask an admin to publish it.';

/** The address pages use for an upload: its largest WebP, or the PDF. */
export function mediaSrc(media: Pick<MediaRecord, 'key' | 'kind' | 'width'>): string {
  if (media.kind === 'pdf') return `/media/u/${media.key}/document.pdf`;
  const widths = variantWidths(media.width ?? 0);
  return `/media/u/${media.key}/${widths.at(-1)}.webp`;
}

const UPLOAD_SRC = /^\/media\/u\/([a-f0-9]{8,40})\/[a-z0-9.]+$/;

function toMediaItem(m: MediaRecord): MediaItem {
  return { id: m.id, key: m.key, kind: m.kind, src: mediaSrc(m), width: m.width, height: m.height, alt: m.alt, fileName: m.fileName, byteSize: m.byteSize, createdAt: m.createdAt, files: m.files, published: m.published, origin: 'upload' };
}

function priceRole(priceCents: number | null, event: EventRecord): '' | 'price' | 'child' {
  if (priceCents === null) return '';
  if (event.signup.childPriceCents !== null && priceCents === event.signup.childPriceCents && priceCents !== event.signup.priceCents) return 'child';
  return 'price';
}

function toEditorView(event: EventRecord, signups: number): EventEditorView {
  return {
    eventNumber: event.eventNumber,
    eventType: event.eventType,
    name: event.name,
    description: event.description,
    location: event.location,
    eventDate: event.eventDate,
    startTime: event.startTime,
    image: event.image,
    active: event.active,
    published: event.published,
    capacity: event.capacity,
    signup: event.signup,
    stats: event.stats.map((s) => ({ text: s.text, price: priceRole(s.priceCents, event) })),
    accommodations: event.accommodations,
    proceeds: event.proceeds,
    showSponsor: event.showSponsor,
    sponsor: event.sponsor ? { name: event.sponsor.name, href: event.sponsor.href, logo: event.sponsor.logo } : null,
    partnershipFlyer: event.partnershipFlyer,
    rulesFlyer: event.rulesFlyer,
    signups,
    updatedAt: event.updatedAt,
  };
}

const addYear = (iso: string | null) => {
  if (!iso) return null;
  const [y, m, d] = iso.split('-').map(Number);
  // 29 February becomes 28 February.
  const next = new Date(Date.UTC(y! + 1, m! - 1, d!));
  return next.getUTCMonth() === m! - 1 ? next.toISOString().slice(0, 10) : new Date(Date.UTC(y! + 1, m! - 1, 28)).toISOString().slice(0, 10);
};

function announcementState(row: AnnouncementRow, now: string): AnnouncementState {
  if (!row.published) return 'draft';
  if (row.showFrom && row.showFrom > now) return 'scheduled';
  if (row.showUntil && row.showUntil <= now) return 'ended';
  return 'showing';
}

export interface ContentEditingDeps {
  db: Db;
  store: MediaStore;
  logger: Logger;
  clock?: () => Date;
  /** Its `images` folder's pictures are listed in the library too, read-only (ADR 049). */
  contentDir?: string;
}

/** Events, announcements, pages and the media library as staff edit them; every change audited in its own transaction. */
export function createContentEditing({ db, store, logger, clock = () => new Date(), contentDir }: ContentEditingDeps): BackOfficeContent {
  const contentPictures = contentDir ? createContentPictures(contentDir) : null;

  async function signupCount(eventNumber: number): Promise<number> {
    const { count } = await db
      .selectFrom('signups')
      .innerJoin('events', 'events.id', 'signups.event_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('events.event_number', '=', eventNumber)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  async function imageSize(src: string): Promise<{ width: number; height: number } | null> {
    const match = UPLOAD_SRC.exec(src);
    if (!match) return (await contentPictures?.sizeOf(src)) ?? null;
    const media = await findMediaByKey(db, match[1]!);
    return media && media.kind === 'image' && media.width && media.height ? { width: media.width, height: media.height } : null;
  }

  /** A picture chosen on a form: the one it had (its size known), or one from the library. */
  async function resolvePicture(
    chosen: { src: string; alt: string } | null,
    before: { src: string; width: number; height: number } | null,
    field: string,
    errors: Record<string, string>,
  ): Promise<{ src: string; width: number; height: number; alt: string } | null> {
    if (!chosen) return null;
    if (before && before.src === chosen.src) return { ...chosen, width: before.width, height: before.height };
    const size = await imageSize(chosen.src);
    if (!size) {
      errors[field] = 'Choose a picture from the media library.';
      return null;
    }
    return { ...chosen, ...size };
  }

  async function toEventInput(values: EventFormValues, before: EventRecord | null, errors: Record<string, string>) {
    const image = await resolvePicture(values.image, before?.image ?? null, 'imageSrc', errors);
    const logo = values.sponsor ? await resolvePicture(values.sponsor.logo, before?.sponsor?.logo ?? null, 'sponsorLogoSrc', errors) : null;
    const rules = values.signup;
    return {
      eventType: values.eventType,
      name: values.name,
      description: values.description,
      location: values.location,
      eventDate: values.eventDate,
      startTime: values.startTime,
      image,
      active: values.active,
      show_sponsor: values.showSponsor,
      sponsor: values.sponsor ? { name: values.sponsor.name, href: values.sponsor.href, logo } : null,
      stats: values.stats.map((s) => ({ text: s.text, priceCents: s.price === 'price' ? rules.priceCents : s.price === 'child' ? rules.childPriceCents ?? rules.priceCents : null })),
      accomodations: values.accommodations,
      proceeds: values.proceeds,
      partnership_flyer: values.partnershipFlyer,
      rules_flyer: values.rulesFlyer,
      capacity: values.capacity,
      signup: rules,
    };
  }

  /** Saves an event under a new number; numbers are unique, so a clash with another instance's new event retries. */
  async function createEvent(actor: StaffActor, input: Awaited<ReturnType<typeof toEventInput>>, audit: { action: string; summary: (n: number) => string; before?: unknown }): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction().execute(async (trx) => {
          const eventNumber = await nextEventNumber(trx);
          await upsertEvent(trx, { ...input, eventNumber, published: false });
          await markStaffEdited(trx, `event:${eventNumber}`);
          await recordAudit(trx, actor, { action: audit.action, subject: `event:${eventNumber}`, summary: audit.summary(eventNumber), before: audit.before, after: input }, clock());
          return eventNumber;
        });
      } catch (error) {
        if (attempt >= 2) throw error;
        logger.warn({ err: error }, 'new event number clashed; trying the next one');
      }
    }
  }

  async function announcementOf(id: number) {
    return findAnnouncementRow(db, id);
  }

  return {
    imageSize,

    async eventForEditing(eventNumber) {
      const event = await findEventByNumber(db, eventNumber, { drafts: true });
      return event ? toEditorView(event, await signupCount(eventNumber)) : null;
    },

    async saveEvent(actor, eventNumber, fields) {
      const before = eventNumber === null ? null : await findEventByNumber(db, eventNumber, { drafts: true });
      if (eventNumber !== null && !before) return fail({ form: `Event ${eventNumber} doesn't exist.` });
      // Checked early to spare parsing the form; checked again in the transaction that writes.
      if (before?.published && actor.role !== 'admin') return fail({ form: PUBLISHED_EVENT });
      const parsed = parseEventForm(fields, { eventType: before ? before.eventType : null });
      if (!parsed.ok) return fail(parsed.errors);
      const errors: Record<string, string> = {};
      const input = await toEventInput(parsed.data, before, errors);
      if (Object.keys(errors).length > 0) return fail(errors);
      if (!before) {
        const created = await createEvent(actor, input, { action: 'event_created', summary: (n) => `Created event ${n} (${input.name}) as a draft` });
        return { ok: true, message: `Event ${created} saved as a draft. An admin publishes it when it is ready.`, id: created };
      }
      const changed = await db.transaction().execute(async (trx): Promise<number | null> => {
        await lockEvent(trx, before.eventNumber);
        // Another editor may have saved since this form was loaded: the later save wins, and the audit log holds both.
        const current = (await findEventByNumber(trx, before.eventNumber, { drafts: true }))!;
        // The check above ran before this transaction: an admin may have published the event since.
        // Decided on the row read here, so a volunteer's save never lands on a published event.
        if (current.published && actor.role !== 'admin') return null;
        await upsertEvent(trx, { ...input, eventNumber: before.eventNumber, published: current.published });
        await markStaffEdited(trx, `event:${before.eventNumber}`);
        const priceNote =
          current.signup.priceCents !== input.signup.priceCents ? ` (price ${formatCents(current.signup.priceCents)} → ${formatCents(input.signup.priceCents)})` : '';
        await recordAudit(trx, actor, { action: 'event_changed', subject: `event:${before.eventNumber}`, summary: `Changed event ${before.eventNumber} (${input.name})${priceNote}`, before: current, after: input }, clock());
        return before.eventNumber;
      });
      if (changed === null) return fail({ form: PUBLISHED_EVENT });
      return { ok: true, message: `Event ${changed} saved.${before.published ? ' The change is on the site now.' : ''}`, id: changed };
    },

    async duplicateEvent(actor, eventNumber) {
      const source = await findEventByNumber(db, eventNumber, { drafts: true });
      if (!source) return fail({ form: `Event ${eventNumber} doesn't exist.` });
      const year = Number(source.eventDate.slice(0, 4));
      const input = {
        eventType: source.eventType,
        name: source.name.replaceAll(String(year), String(year + 1)),
        description: source.description,
        location: source.location,
        eventDate: addYear(source.eventDate)!,
        startTime: source.startTime,
        image: source.image,
        active: true,
        show_sponsor: source.showSponsor,
        sponsor: source.sponsor,
        stats: source.stats,
        accomodations: source.accommodations,
        proceeds: source.proceeds,
        partnership_flyer: source.partnershipFlyer,
        rules_flyer: source.rulesFlyer,
        capacity: source.capacity,
        signup: { ...source.signup, opensOn: addYear(source.signup.opensOn), closesOn: addYear(source.signup.closesOn) },
      };
      const created = await createEvent(actor, input, { action: 'event_duplicated', summary: (n) => `Duplicated event ${eventNumber} as draft event ${n}, a year later`, before: { from: eventNumber } });
      return { ok: true, message: `Event ${created} is a draft copy of event ${eventNumber}, a year later. Check its dates and prices, then publish it.`, id: created };
    },

    async setEventPublished(actor, eventNumber, published) {
      if (actor.role !== 'admin') return fail({ form: ADMIN_PUBLISHES });
      return db.transaction().execute(async (trx): Promise<ActionResult> => {
        const event = await findEventByNumber(trx, eventNumber, { drafts: true });
        if (!event) return fail({ form: `Event ${eventNumber} doesn't exist.` });
        if (event.published === published) return { ok: true, message: published ? 'Already published.' : 'Already a draft.' };
        await setEventPublished(trx, eventNumber, published);
        await markStaffEdited(trx, `event:${eventNumber}`);
        await recordAudit(
          trx,
          actor,
          { action: published ? 'event_published' : 'event_unpublished', subject: `event:${eventNumber}`, summary: `${published ? 'Published' : 'Unpublished'} event ${eventNumber} (${event.name})`, before: { published: event.published }, after: { published } },
          clock(),
        );
        return { ok: true, message: published ? `Event ${eventNumber} is published: it is on the site now.` : `Event ${eventNumber} is back to a draft: the site no longer shows it.` };
      });
    },

    async announcements() {
      const now = clock().toISOString();
      return (await listAnnouncementRows(db)).map((row): AnnouncementView => ({ ...row, state: announcementState(row, now) }));
    },

    async saveAnnouncement(actor, id, fields) {
      const before = id === null ? null : await announcementOf(id);
      if (id !== null && !before) return fail({ form: 'This announcement no longer exists.' });
      if (actor.role !== 'admin' && before?.published) return fail({ form: ADMIN_PUBLISHES });
      const parsed = parseFields(AnnouncementFormSchema, fields);
      if (!parsed.ok) return fail(parsed.errors);
      const values = parsed.data;
      if (actor.role !== 'admin' && values.published) return fail({ form: ADMIN_PUBLISHES });
      const errors: Record<string, string> = {};
      const image = await resolvePicture({ src: values.imageSrc, alt: values.imageAlt }, before?.image ?? null, 'imageSrc', errors);
      if (!image) return fail(errors);
      const row = { heading: values.heading, meta: values.meta, linkHref: values.linkHref, linkLabel: values.linkLabel, image, published: values.published, showFrom: values.showFrom, showUntil: values.showUntil };
      const saved = await db.transaction().execute(async (trx) => {
        const savedId = before ? (await updateAnnouncementRow(trx, before.id, row), before.id) : await insertAnnouncementRow(trx, row);
        await markStaffEdited(trx, 'announcements');
        await recordAudit(trx, actor, { action: before ? 'announcement_changed' : 'announcement_created', subject: `announcement:${savedId}`, summary: `${before ? 'Changed' : 'Created'} the announcement "${row.heading}"${row.published ? '' : ' (draft)'}`, before, after: row }, clock());
        return savedId;
      });
      return { ok: true, message: row.published ? 'Announcement saved. It shows on the home page in its dates.' : 'Announcement saved as a draft.', id: saved };
    },

    async moveAnnouncement(actor, id, direction) {
      return db.transaction().execute(async (trx): Promise<ActionResult> => {
        const rows = await listAnnouncementRows(trx);
        const index = rows.findIndex((r) => r.id === id);
        const other = rows[direction === 'up' ? index - 1 : index + 1];
        if (index < 0 || !other) return fail({ form: 'It cannot move further.' });
        if (actor.role !== 'admin' && (rows[index]!.published || other.published)) return fail({ form: 'Only an admin can change the order of published announcements.' });
        await swapAnnouncementPositions(trx, rows[index]!, other);
        await markStaffEdited(trx, 'announcements');
        await recordAudit(trx, actor, { action: 'announcement_moved', subject: `announcement:${id}`, summary: `Moved "${rows[index]!.heading}" ${direction}`, before: { position: rows[index]!.position }, after: { position: other.position } }, clock());
        return { ok: true, message: `Moved "${rows[index]!.heading}" ${direction}.` };
      });
    },

    async deleteAnnouncement(actor, id) {
      const before = await announcementOf(id);
      if (!before) return fail({ form: 'This announcement no longer exists.' });
      if (actor.role !== 'admin' && before.published) return fail({ form: 'Only an admin can delete a published announcement.' });
      await db.transaction().execute(async (trx) => {
        await deleteAnnouncementRow(trx, id);
        await markStaffEdited(trx, 'announcements');
        await recordAudit(trx, actor, { action: 'announcement_deleted', subject: `announcement:${id}`, summary: `Deleted the announcement "${before.heading}"`, before, after: null }, clock());
      });
      return { ok: true, message: `Deleted "${before.heading}".` };
    },

    async pageEditor(page) {
      const [published, draft, versions] = await Promise.all([findPage(db, page), findDraft(db, page), listVersions(db, page)]);
      return {
        page,
        published: published?.data ?? null,
        draft: draft ? { data: draft.data, by: draft.staffEmail, at: draft.createdAt } : null,
        versions: versions.map((v) => ({ id: v.id, by: v.staffEmail || 'the content files', at: v.createdAt, note: v.note })),
      };
    },

    async savePage(actor, page, data, publish) {
      if (publish && actor.role !== 'admin') return fail({ form: ADMIN_PUBLISHES });
      const parsed = editablePageSchema(page).safeParse(data);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
        return fail({ ...errors, form: 'Some fields need attention: see the messages beside them.' });
      }
      const value = parsed.data as Record<string, unknown>;
      const author = { staffId: actor.id, email: actor.email };
      await db.transaction().execute(async (trx) => {
        const before = await findPage(trx, page);
        if (publish) {
          await publishPage(trx, page, value, author, 'Published');
          await markStaffEdited(trx, `page:${page}`);
        } else {
          await saveDraft(trx, page, value, author);
        }
        await recordAudit(trx, actor, { action: publish ? 'page_published' : 'page_draft_saved', subject: `page:${page}`, summary: `${publish ? 'Published' : 'Saved a draft of'} the ${page} page`, before: before?.data ?? null, after: value }, clock());
      });
      return { ok: true, message: publish ? 'Published: the page shows the change now.' : 'Draft saved. Preview it, or ask an admin to publish it.' };
    },

    async discardDraft(actor, page) {
      const draft = await findDraft(db, page);
      if (!draft) return fail({ form: 'There is no draft to discard.' });
      await db.transaction().execute(async (trx) => {
        await discardDraft(trx, page);
        await recordAudit(trx, actor, { action: 'page_draft_discarded', subject: `page:${page}`, summary: `Discarded the draft of the ${page} page`, before: draft.data, after: null }, clock());
      });
      return { ok: true, message: 'Draft discarded.' };
    },

    async restoreVersion(actor, page, versionId) {
      if (actor.role !== 'admin') return fail({ form: 'Only an admin can restore a version: restoring publishes it.' });
      const version = await findVersion(db, page, versionId);
      if (!version || version.status !== 'published') return fail({ form: 'That version does not exist.' });
      const parsed = editablePageSchema(page).safeParse(version.data);
      if (!parsed.success) return fail({ form: 'That version no longer fits the page’s fields and cannot be restored.' });
      await db.transaction().execute(async (trx) => {
        const before = await findPage(trx, page);
        await publishPage(trx, page, parsed.data as Record<string, unknown>, { staffId: actor.id, email: actor.email }, `Restored version ${versionId}`);
        await markStaffEdited(trx, `page:${page}`);
        await recordAudit(trx, actor, { action: 'page_restored', subject: `page:${page}`, summary: `Restored version ${versionId} of the ${page} page`, before: before?.data ?? null, after: parsed.data }, clock());
      });
      return { ok: true, message: `Version ${versionId} restored: the page shows it now.` };
    },

    async media() {
      // Uploads first, newest first; then the pictures that ship with the site's content.
      return [...(await listMedia(db)).map(toMediaItem), ...((await contentPictures?.list()) ?? [])];
    },

    async upload(actor, file, alt) {
      let processed;
      try {
        processed = await processUpload({ bytes: Buffer.from(file.bytes), declaredType: file.type, fileName: file.name });
      } catch (error) {
        if (error instanceof UploadRefused) return fail({ file: error.message });
        throw error;
      }
      const fileName = file.name.replace(/[^\w.\- ]+/g, '').slice(0, 200) || 'upload';
      const listedAs = (listed: MediaRecord) => ({ ok: true as const, message: `This file is already in the library as "${listed.fileName}".`, id: listed.id });
      const existing = await findMediaByKey(db, processed.key);
      if (existing) return listedAs(existing);
      // Into the bucket first, the row after: a file is only listed and served once all its
      // variants are stored. If the bucket fails, nothing is written to the database. If the
      // transaction fails after, the objects stay behind unlisted and harmless: their names are
      // the content's hash, so uploading the same file again writes the very same objects.
      try {
        await Promise.all(processed.files.map((f) => store.put(processed.key, f.name, f.contentType, f.bytes)));
      } catch (error) {
        if (!(error instanceof MediaStorageError)) throw error;
        logger.error({ err: error, key: processed.key }, 'upload refused: the media bucket did not store it');
        return fail({ file: 'The file could not be stored: the storage service did not accept it. Nothing was saved; try again in a few minutes, and if it keeps happening, tell whoever runs the website.' });
      }
      const id = await db.transaction().execute(async (trx) => {
        const mediaId = await insertMedia(trx, {
          key: processed.key,
          kind: processed.kind,
          contentType: processed.contentType,
          width: processed.width,
          height: processed.height,
          alt,
          fileName,
          byteSize: file.bytes.byteLength,
          storage: store.kind,
          staffId: actor.id,
          // Volunteers draft, admins publish (ADR 022): a volunteer's file waits for an admin's approval.
          published: actor.role === 'admin',
          files: processed.files.map((f) => ({ name: f.name, contentType: f.contentType, byteSize: f.bytes.byteLength, bytes: store.kind === 'database' ? f.bytes : null })),
        });
        const draft = actor.role === 'admin' ? '' : ' as a draft';
        await recordAudit(trx, actor, { action: 'media_uploaded', subject: `media:${mediaId}`, summary: `Uploaded ${fileName} (${processed.files.length} file${processed.files.length === 1 ? '' : 's'})${draft}`, after: { key: processed.key, alt, published: actor.role === 'admin' } }, clock());
        return mediaId;
      }).catch((error: unknown) => {
        // Another instance (or a double click) listed the same file a moment ago: that is the same upload.
        if (error instanceof DuplicateKeyError) return null;
        throw error;
      });
      // The row that won the clash is committed, so it is there to name.
      if (id === null) return listedAs((await findMediaByKey(db, processed.key))!);
      if (actor.role !== 'admin') return { ok: true, message: `Uploaded ${fileName} as a draft: staff can see it now, the public once an admin approves it.`, id };
      return { ok: true, message: `Uploaded ${fileName}.`, id };
    },

    async approveMedia(actor, id) {
      if (actor.role !== 'admin') return fail({ form: 'Only an admin can approve an upload.' });
      const media = await findMediaById(db, id);
      if (!media) return fail({ form: 'That file is not in the library.' });
      const approved = await db.transaction().execute(async (trx) => {
        if (!(await publishMedia(trx, id))) return false;
        await recordAudit(trx, actor, { action: 'media_approved', subject: `media:${id}`, summary: `Approved ${media.fileName}: it is public now`, before: { published: false }, after: { published: true } }, clock());
        return true;
      });
      return { ok: true, message: approved ? `Approved ${media.fileName}: anyone can open it now.` : `${media.fileName} is already public.` };
    },

    async setMediaAlt(actor, id, alt) {
      const media = await findMediaById(db, id);
      if (!media) return fail({ form: 'That file is not in the library.' });
      await db.transaction().execute(async (trx) => {
        await setMediaAlt(trx, id, alt);
        await recordAudit(trx, actor, { action: 'media_alt_changed', subject: `media:${id}`, summary: `Changed the alt text of ${media.fileName}`, before: { alt: media.alt }, after: { alt } }, clock());
      });
      return { ok: true, message: 'Alt text saved.' };
    },
  };
}
