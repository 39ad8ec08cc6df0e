import { Link } from 'react-router';
import { linkClass } from './DataTable';
import { Checkbox } from './form-controls';
import { Button, Notice } from './forms';

/*
 * The pieces every back-office editor of a publishable item (a campaign, an announcement) shares:
 * volunteers write drafts and an admin publishes, so these say so in the same words on each page.
 */

/** Shown above a published item's form for a volunteer, whose fields are then disabled. */
export function LockedNotice({ locked, noun }: { locked: boolean; noun: string }) {
  return locked ? <Notice tone="info">{`This ${noun} is published, so only an admin can change it.`}</Notice> : null;
}

/** An admin's "Published" box, or for a volunteer the line that says why there is none. */
export function PublishedField({ isAdmin, label, plural, echo, saved }: { isAdmin: boolean; label: string; plural: string; echo?: Record<string, string>; saved: boolean }) {
  // After a refused save the box shows what was posted, not what is stored.
  return isAdmin ? (
    <Checkbox name="published" label={label} defaultChecked={echo ? echo.published === 'on' : saved} />
  ) : (
    <p className="text-sm text-slate-700">{`Volunteers save ${plural} as drafts; an admin publishes them.`}</p>
  );
}

/** "Add …" for a new item, "Save …" and a way back to the list for one being edited. */
export function SaveRow({ editing, noun, locked, listPath }: { editing: boolean; noun: string; locked: boolean; listPath: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button name="intent" value="save" disabled={locked}>
        {editing ? `Save ${noun}` : `Add ${noun}`}
      </Button>
      {editing ? (
        <Link to={listPath} className={linkClass}>
          Cancel
        </Link>
      ) : null}
    </div>
  );
}
