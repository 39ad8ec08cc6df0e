import { Link, redirect } from 'react-router';
import type { Route } from './+types/event-edit';
import { ACCOMMODATION_ICONS, EXTRA_ROWS, type EventEditorView, type MediaItem } from '../../../common/content-admin';
import { TEAM_SIZE_MAX, TEAM_SIZE_MIN } from '../../../common/events';
import { centsToDecimalString } from '../../../common/money';
import { defaultSignupRules, rulesOfEventType, signupKindOfEventType, SIGNUP_KINDS } from '../../../common/signups/kinds';
import { AdminPageHeader } from '../../admin/AdminShell';
import { linkClass } from '../../admin/DataTable';
import { Checkbox, FormSection, Select, TextArea } from '../../admin/form-controls';
import { PicturePicker, pictureOption, type PictureOption } from '../../admin/PicturePicker';
import { Button, ErrorSummary, errorLinks, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { TextField } from '../../ui/FormFields';
import { answer } from '../../admin/answer.server';
import { requireStaff, requireStaffForm, pathNumber } from '../../admin/guard.server';
import { typedValues } from '../../lib/form-body.server';
import { PublishBadge } from '../../admin/PublishBadge';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.event ? `Edit ${data.event.name}` : 'New event'} | Back office` }];

export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireStaff(args);
  const content = args.context.backOffice.content;
  const media = await content.media();
  const url = new URL(args.request.url);
  const notice = url.searchParams.get('created') ? 'created' : url.searchParams.get('saved') ? 'saved' : null;
  if (args.params.eventNumber === undefined) {
    const kind = signupKindOfEventType(url.searchParams.get('type') ?? '');
    const type = kind ? SIGNUP_KINDS[kind].eventType : null;
    return { event: null, type, media, isAdmin: actor.role === 'admin', notice };
  }
  const event = await content.eventForEditing(pathNumber(args.params.eventNumber));
  if (!event) throw new Response('Not found', { status: 404 });
  return { event, type: event.eventType, media, isAdmin: actor.role === 'admin', notice };
}

export async function action(args: Route.ActionArgs) {
  const { actor, fields } = await requireStaffForm(args);
  const eventNumber = args.params.eventNumber === undefined ? null : pathNumber(args.params.eventNumber);
  // The domain parses the fields: the event's type decides them.
  const result = await args.context.backOffice.content.saveEvent(actor, eventNumber, fields);
  if (result.ok) throw redirect(`/admin/events/${result.id}/edit?saved=1`);
  // Sent back so a browser without JavaScript shows what was typed, not the saved values.
  return answer({ ok: false as const, errors: result.errors, echo: typedValues(fields) });
}

/** A line of two fields that belong together: side by side on a computer, one tinted box on a phone. */
const ROW = 'grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 sm:gap-4 sm:border-0 sm:bg-transparent sm:p-0';

function pictureOptions(media: MediaItem[], current: string | null, kinds: ('image' | 'pdf')[], emptyLabel: string, currentSize?: { width: number; height: number } | null) {
  const options: PictureOption[] = [{ value: '', label: emptyLabel }];
  if (current && !media.some((m) => m.src === current)) options.push({ value: current, label: `Current: ${current.split('/').pop()}`, thumb: currentSize ? { src: current, ...currentSize } : null });
  for (const m of media) if (kinds.includes(m.kind)) options.push(pictureOption(m));
  return options;
}

export default function EventEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { event, type, media, isAdmin, notice } = loaderData;
  if (!type) return <ChooseType />;
  return <EventForm key={event?.updatedAt ?? 'new'} event={event} type={type} media={media} isAdmin={isAdmin} notice={notice} errors={actionData?.errors} echo={actionData?.echo} />;
}

function ChooseType() {
  return (
    <div>
      <AdminPageHeader title="New event" lead="What kind of event is it? Each kind has its own sign-up form and prices." />
      <ul className="grid gap-3 sm:grid-cols-3">
        {Object.values(SIGNUP_KINDS).map((rules) => (
          <li key={rules.kind}>
            <Link
              to={`/admin/events/new?type=${encodeURIComponent(rules.eventType)}`}
              className="flex min-h-16 items-center justify-center rounded-lg border border-slate-300 bg-white p-4 text-center font-semibold text-brand-800 hover:bg-brand-50"
            >
              {rules.admin.title}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6">
        <Link to="/admin/events" className={linkClass}>
          Back to events
        </Link>
      </p>
    </div>
  );
}

function EventForm({
  event,
  type,
  media,
  isAdmin,
  notice,
  errors = {},
  echo,
}: {
  event: EventEditorView | null;
  type: string;
  media: MediaItem[];
  isAdmin: boolean;
  notice: string | null;
  errors?: Record<string, string>;
  echo?: Record<string, string>;
}) {
  // A party has prices and values per adult and per child; a team one fee and its number of players.
  const { party, rulesFlyer, admin: words } = rulesOfEventType(type);
  const rules = event?.signup ?? defaultSignupRules(type);
  const value = (name: string, saved: string | number | null | undefined) => echo?.[name] ?? (saved === null || saved === undefined ? '' : String(saved));
  const checked = (name: string, saved: boolean) => (echo ? echo[name] === 'on' : saved);
  const locked = Boolean(event?.published) && !isAdmin;
  const stats = [...(event?.stats ?? []), ...Array.from({ length: EXTRA_ROWS }, () => ({ text: '', price: '' as const }))];
  const included = [...(event?.accommodations ?? []), ...Array.from({ length: EXTRA_ROWS }, () => ({ icon: '', text: '' }))];
  const childPriceLabel = 'Price per child, 12 or younger ($)';
  const childFairValueLabel = 'Value received per child ($)';
  // Every field of the form with its label, in the form's order: for the summary of errors.
  const labels: Record<string, string> = {
    name: 'Name',
    description: 'Description',
    location: 'Location',
    eventDate: 'Date',
    startTime: 'Start time (Eastern time)',
    imageSrc: 'Picture',
    imageAlt: 'Alt text (describes the picture for people who cannot see it)',
    price: words.priceLabel,
    ...(party ? { childPrice: childPriceLabel } : { playersPerTeam: 'Players per team' }),
    capacity: words.capacityLabel,
    refundDaysBefore: 'Full refund until how many days before',
    fairValue: words.fairValueLabel,
    ...(party ? { childFairValue: childFairValueLabel } : {}),
    signupOpensOn: 'Sign-up opens on',
    signupClosesOn: 'Last day to sign up',
    ...Object.fromEntries(stats.flatMap((_, i) => [[`statText.${i}`, `Line ${i + 1}`], [`statPrice.${i}`, `Price shown on line ${i + 1}`]])),
    ...Object.fromEntries(included.flatMap((_, i) => [[`accIcon.${i}`, `Icon ${i + 1}`], [`accText.${i}`, `Included ${i + 1}`]])),
    proceeds: 'Where the money goes',
    sponsorName: 'Sponsor name',
    sponsorHref: 'Sponsor website (https://…)',
    sponsorLogoSrc: 'Sponsor logo',
    sponsorLogoAlt: 'Logo alt text',
    ...(rulesFlyer ? { rulesFlyer: 'Tournament rules flyer' } : { partnershipFlyer: 'Partnership flyer' }),
  };
  // Fields not on this kind of form still count as shown: their values are kept as they were.
  const shown = ['eventType', 'childPrice', 'childFairValue', 'playersPerTeam', 'partnershipFlyer', 'rulesFlyer', ...Object.keys(labels)];

  return (
    <div>
      <AdminPageHeader
        title={event ? `Edit event ${event.eventNumber}` : `New ${words.title.toLowerCase()}`}
        lead={
          event ? (
            <span className="flex flex-wrap items-center gap-2">
              {event.name} <PublishBadge state={event.published ? 'published' : 'draft'} />
              {event.published ? (
                <Link to={`/events/${event.eventNumber}`} className={linkClass}>
                  See it on the site
                </Link>
              ) : (
                // The public page as it will look, for staff only; a new tab keeps this form as it is.
                <a href={`/events/${event.eventNumber}?preview=draft`} target="_blank" rel="noreferrer" className={linkClass}>
                  Preview the draft<span className="sr-only"> (opens in a new tab)</span>
                </a>
              )}
            </span>
          ) : (
            'A new event starts as a draft: the site shows it once an admin publishes it.'
          )
        }
      />
      {notice === 'created' ? <Notice tone="success">A draft copy, a year later. Check its dates and prices, then publish it from the events list.</Notice> : null}
      {notice === 'saved' ? <Notice tone="success">Saved.{event?.published ? ' The change is on the site now.' : ''}</Notice> : null}
      {locked ? <Notice tone="info">This event is published, so only an admin can change it. Duplicate it to prepare a draft of your changes.</Notice> : null}
      <ErrorSummary links={errorLinks(errors, labels)} />
      <OtherErrors errors={errors} shown={shown} />
      <StaffForm className="grid gap-6" aria-label={event ? `Edit ${event.name}` : 'New event'} noValidate>
        <fieldset disabled={locked} className="grid gap-6">
          {event ? null : <input type="hidden" name="eventType" value={type} />}
          <FormSection title="The event">
            <TextField name="name" label="Name" defaultValue={value('name', event?.name)} error={errors.name} maxLength={120} />
            <TextArea name="description" label="Description" defaultValue={value('description', event?.description)} error={errors.description} hint="Plain text: it is shown exactly as written." />
            <TextField name="location" label="Location" defaultValue={value('location', event?.location)} error={errors.location} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="eventDate" label="Date" type="date" defaultValue={value('eventDate', event?.eventDate)} error={errors.eventDate} />
              <TextField name="startTime" label="Start time (Eastern time)" type="time" defaultValue={value('startTime', event?.startTime)} error={errors.startTime} />
            </div>
          </FormSection>

          <FormSection title="Picture" lead={<>Pictures come from the <Link to="/admin/media" className={linkClass}>media library</Link>; upload one there first.</>}>
            <PicturePicker
              name="imageSrc"
              label="Picture"
              defaultValue={value('imageSrc', event?.image?.src)}
              error={errors.imageSrc}
              options={pictureOptions(media, event?.image?.src ?? null, ['image'], 'No picture', event?.image)}
            />
            <TextField
              name="imageAlt"
              label="Alt text (describes the picture for people who cannot see it)"
              defaultValue={value('imageAlt', event?.image?.alt)}
              error={errors.imageAlt}
              maxLength={300}
            />
          </FormSection>

          <FormSection title="Sign-up and prices" lead="The site charges exactly these prices; changing them never changes what was already paid.">
            <Checkbox name="active" label="Taking sign-ups" defaultChecked={checked('active', event?.active ?? true)} hint="Untick to show “Sign up closed” whatever the dates." />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="price" label={words.priceLabel} inputMode="decimal" defaultValue={value('price', centsToDecimalString(rules.priceCents))} error={errors.price} />
              {party ? (
                <TextField
                  name="childPrice"
                  label={childPriceLabel}
                  inputMode="decimal"
                  defaultValue={value('childPrice', rules.childPriceCents === null ? null : centsToDecimalString(rules.childPriceCents))}
                  error={errors.childPrice}
                  hint="Empty: children pay the adult price."
                />
              ) : (
                <TextField
                  name="playersPerTeam"
                  label="Players per team"
                  type="number"
                  min={TEAM_SIZE_MIN}
                  max={TEAM_SIZE_MAX}
                  defaultValue={value('playersPerTeam', rules.playersPerTeam)}
                  error={errors.playersPerTeam}
                />
              )}
              <TextField
                name="capacity"
                label={words.capacityLabel}
                type="number"
                min={1}
                defaultValue={value('capacity', event?.capacity)}
                error={errors.capacity}
                hint="Empty: no limit. Sign-up closes by itself when full."
              />
              <TextField
                name="refundDaysBefore"
                label="Full refund until how many days before"
                type="number"
                min={0}
                defaultValue={value('refundDaysBefore', rules.refundDaysBefore)}
                error={errors.refundDaysBefore}
                hint="No refund after that. Empty: supporters ask the foundation."
              />
              <TextField name="signupOpensOn" label="Sign-up opens on" type="date" defaultValue={value('signupOpensOn', rules.opensOn)} error={errors.signupOpensOn} hint="Empty: as soon as it is published." />
              <TextField name="signupClosesOn" label="Last day to sign up" type="date" defaultValue={value('signupClosesOn', rules.closesOn)} error={errors.signupClosesOn} hint="Empty: until the day of the event." />
              <TextField
                name="fairValue"
                label={words.fairValueLabel}
                inputMode="decimal"
                defaultValue={value('fairValue', centsToDecimalString(rules.fairValueCents))}
                error={errors.fairValue}
                hint="The fair-market value of what is received (dinner, shirt, green fee). Receipts state it; only the rest is tax-deductible. A change applies to sign-ups made from then on. 0: nothing."
              />
              {party ? (
                <TextField
                  name="childFairValue"
                  label={childFairValueLabel}
                  inputMode="decimal"
                  defaultValue={value('childFairValue', centsToDecimalString(rules.childFairValueCents))}
                  error={errors.childFairValue}
                  hint="The fair-market value of a child's dinner. 0: nothing."
                />
              ) : null}
            </div>
          </FormSection>

          <FormSection title="Prices and details" lead="Lines on the event page, in this order. Pick a price to show it beside the line; clear a line to remove it.">
            <ol className="grid gap-3">
              {stats.map((stat, i) => (
                <li key={i} className={`${ROW} sm:grid-cols-[2fr_1fr]`}>
                  <TextField name={`statText.${i}`} label={`Line ${i + 1}`} defaultValue={value(`statText.${i}`, stat.text)} error={errors[`statText.${i}`]} />
                  <Select
                    name={`statPrice.${i}`}
                    label={`Price shown on line ${i + 1}`}
                    defaultValue={value(`statPrice.${i}`, stat.price)}
                    error={errors[`statPrice.${i}`]}
                    options={[
                      { value: '', label: 'No price' },
                      { value: 'price', label: words.statPriceLabel },
                      ...(party ? [{ value: 'child', label: 'Child price' }] : []),
                    ]}
                  />
                </li>
              ))}
            </ol>
          </FormSection>

          <FormSection title="What's included" lead="Clear a line to remove it.">
            <ol className="grid gap-3">
              {included.map((item, i) => (
                <li key={i} className={`${ROW} sm:grid-cols-[1fr_2fr]`}>
                  <Select
                    name={`accIcon.${i}`}
                    label={`Icon ${i + 1}`}
                    defaultValue={value(`accIcon.${i}`, item.icon)}
                    error={errors[`accIcon.${i}`]}
                    options={[{ value: '', label: 'Choose an icon' }, ...ACCOMMODATION_ICONS.map((icon) => ({ value: icon, label: icon }))]}
                  />
                  <TextField name={`accText.${i}`} label={`Included ${i + 1}`} defaultValue={value(`accText.${i}`, item.text)} error={errors[`accText.${i}`]} />
                </li>
              ))}
            </ol>
          </FormSection>

          <FormSection title="Where the money goes">
            <TextArea name="proceeds" label="Where the money goes" defaultValue={value('proceeds', event?.proceeds)} error={errors.proceeds} />
          </FormSection>

          <FormSection title="Sponsor">
            <Checkbox name="showSponsor" label="Show the sponsor on the event page" defaultChecked={checked('showSponsor', event?.showSponsor ?? false)} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="sponsorName" label="Sponsor name" defaultValue={value('sponsorName', event?.sponsor?.name)} error={errors.sponsorName} />
              <TextField name="sponsorHref" label="Sponsor website (https://…)" type="url" defaultValue={value('sponsorHref', event?.sponsor?.href)} error={errors.sponsorHref} />
              <Select
                name="sponsorLogoSrc"
                label="Sponsor logo"
                defaultValue={value('sponsorLogoSrc', event?.sponsor?.logo?.src)}
                error={errors.sponsorLogoSrc}
                options={pictureOptions(media, event?.sponsor?.logo?.src ?? null, ['image'], 'No logo')}
              />
              <TextField name="sponsorLogoAlt" label="Logo alt text" defaultValue={value('sponsorLogoAlt', event?.sponsor?.logo?.alt)} error={errors.sponsorLogoAlt} />
            </div>
          </FormSection>

          <FormSection title="Flyers" lead="PDF or picture from the media library.">
            {/* The page shows one flyer per type; the other is kept as it was. */}
            {rulesFlyer ? (
              <input type="hidden" name="partnershipFlyer" value={event?.partnershipFlyer ?? ''} />
            ) : (
              <input type="hidden" name="rulesFlyer" value={event?.rulesFlyer ?? ''} />
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              {rulesFlyer ? (
                <Select
                  name="rulesFlyer"
                  label="Tournament rules flyer"
                  defaultValue={value('rulesFlyer', event?.rulesFlyer)}
                  error={errors.rulesFlyer}
                  options={pictureOptions(media, event?.rulesFlyer ?? null, ['pdf', 'image'], 'No flyer')}
                />
              ) : (
                <Select
                  name="partnershipFlyer"
                  label="Partnership flyer"
                  defaultValue={value('partnershipFlyer', event?.partnershipFlyer)}
                  error={errors.partnershipFlyer}
                  options={pictureOptions(media, event?.partnershipFlyer ?? null, ['pdf', 'image'], 'No flyer')}
                />
              )}
            </div>
          </FormSection>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button disabled={locked}>{event ? 'Save' : 'Save as a draft'}</Button>
          <Link to="/admin/events" className={linkClass}>
            Back to events
          </Link>
        </div>
      </StaffForm>
    </div>
  );
}
