import type { ReactNode } from 'react';
import { SelectBox, TEXTAREA_CLASS } from '../form-controls';
import { CONTROL_CLASS, FieldError } from '../../ui/FormFields';
import type { FieldNode } from './schema-form';

export interface PictureChoice {
  src: string;
  width: number;
  height: number;
  label: string;
}

interface Props {
  node: FieldNode;
  value: unknown;
  path: string;
  label: string;
  errors: Record<string, string>;
  images: PictureChoice[];
}

const CONTROL = CONTROL_CLASS;
/** A group inside the page (an address, a picture); tighter on a phone, where every level of nesting costs width. */
const GROUP = 'grid min-w-0 gap-3 rounded-md border border-slate-300 px-2 pb-3 pt-2 sm:px-3';
/** One item of a list: a tinted card with its own move and remove buttons at its foot. */
const ITEM = 'grid min-w-0 gap-3 rounded-md border border-slate-300 bg-slate-50 px-2 pb-2 sm:px-3 sm:pb-3';
const LEGEND = 'px-1 font-semibold text-brand-900';
const SMALL_BUTTON =
  'inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-3 py-1 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50';

export const idOf = (path: string) => `f-${path.replace(/[^A-Za-z0-9_]/g, '-') || 'root'}`;
const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function Labelled({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <FieldError id={`${id}-error`} message={error} />
      {children}
    </div>
  );
}

/** The inputs of one part of a page, built from its schema; names are the data's dotted paths. */
export function SchemaFields({ node, value, path, label, errors, images }: Props) {
  const id = idOf(path);
  const error = errors[path];
  const invalid = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
  switch (node.kind) {
    case 'text':
      return (
        <Labelled id={id} label={label} error={error}>
          {node.multiline ? (
            <textarea id={id} name={path} rows={4} defaultValue={str(value)} className={TEXTAREA_CLASS} {...invalid} />
          ) : (
            <input id={id} name={path} type={node.format === 'text' ? 'text' : node.format} defaultValue={str(value)} className={CONTROL} {...invalid} />
          )}
        </Labelled>
      );
    case 'number':
      return (
        <Labelled id={id} label={label} error={error}>
          <input id={id} name={path} type="number" inputMode="numeric" defaultValue={str(value)} className={CONTROL} {...invalid} />
        </Labelled>
      );
    case 'boolean':
      return (
        <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 py-1 font-semibold text-slate-800">
          <input id={id} name={path} type="checkbox" defaultChecked={value === true} className="h-5 w-5 shrink-0 cursor-pointer accent-brand-700" />
          {label}
        </label>
      );
    case 'choice':
      return (
        <Labelled id={id} label={label} error={error}>
          <SelectBox id={id} name={path} defaultValue={str(value)} {...invalid}>
            {node.optional ? <option value="">None</option> : null}
            {node.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </SelectBox>
        </Labelled>
      );
    case 'fixed':
      return (
        <p className="text-sm text-slate-800">
          <span className="font-semibold">{label}:</span> {node.value}
          <input type="hidden" name={path} value={node.value} />
        </p>
      );
    case 'image':
      return <PictureField path={path} label={label} value={value} errors={errors} images={images} optional={node.optional} />;
    case 'object':
      // The whole page is one white card; its name is the page's heading just above, so it is not shown twice.
      return (
        <fieldset id={id} className={path === '' ? 'grid min-w-0 gap-4 rounded-lg border border-slate-300 bg-white p-3 sm:p-5' : GROUP}>
          <legend className={path === '' ? 'sr-only' : LEGEND}>{label}</legend>
          {errors[path] ? <FieldError id={`${id}-error`} message={errors[path]} /> : null}
          <ObjectFields node={node} value={value} path={path} errors={errors} images={images} />
        </fieldset>
      );
    case 'array':
      return <ListField node={node} value={value} path={path} label={label} errors={errors} images={images} />;
  }
}

function ObjectFields({ node, value, path, errors, images }: Omit<Props, 'label' | 'node'> & { node: Extract<FieldNode, { kind: 'object' }> }) {
  return node.fields.map((f) => (
    <SchemaFields
      key={f.key}
      node={f.node}
      value={(value as Record<string, unknown> | undefined)?.[f.key]}
      path={path === '' ? f.key : `${path}.${f.key}`}
      label={f.label}
      errors={errors}
      images={images}
    />
  ));
}

function ListField({ node, value, path, label, errors, images }: Props & { node: Extract<FieldNode, { kind: 'array' }> }) {
  const items = Array.isArray(value) ? value : [];
  const id = idOf(path);
  return (
    <fieldset id={id} className={`${GROUP} bg-white`}>
      <legend className={LEGEND}>{label}</legend>
      {errors[path] ? <FieldError id={`${id}-error`} message={errors[path]} /> : null}
      <ol className="grid gap-3">
        {items.map((item, i) => {
          const itemPath = `${path}.${i}`;
          const name = `${node.itemLabel} ${i + 1}`;
          const moves = (
            <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-2">
              <button type="submit" name="list" value={`up:${itemPath}`} formNoValidate disabled={i === 0} aria-label={`Move ${name} up`} className={SMALL_BUTTON}>
                Move up
              </button>
              <button type="submit" name="list" value={`down:${itemPath}`} formNoValidate disabled={i === items.length - 1} aria-label={`Move ${name} down`} className={SMALL_BUTTON}>
                Move down
              </button>
              <button type="submit" name="list" value={`remove:${itemPath}`} formNoValidate disabled={items.length <= node.min} aria-label={`Remove ${name}`} className={SMALL_BUTTON}>
                Remove
              </button>
            </div>
          );
          // The content in the key re-mounts moved items, so their inputs show their own values.
          const key = `${i}:${JSON.stringify(item)}`;
          // An item made of several fields is itself the group named "Staff member 2", buttons included:
          // one box, not a box in a box.
          return node.item.kind === 'object' ? (
            <li key={key}>
              <fieldset id={idOf(itemPath)} className={`${ITEM} pt-1`}>
                <legend className={LEGEND}>{name}</legend>
                {errors[itemPath] ? <FieldError id={`${idOf(itemPath)}-error`} message={errors[itemPath]} /> : null}
                <ObjectFields node={node.item} value={item} path={itemPath} errors={errors} images={images} />
                {moves}
              </fieldset>
            </li>
          ) : (
            <li key={key} className={`${ITEM} pt-2 sm:pt-3`}>
              <SchemaFields node={node.item} value={item} path={itemPath} label={name} errors={errors} images={images} />
              {moves}
            </li>
          );
        })}
      </ol>
      <div>
        <button type="submit" name="list" value={`add:${path}`} formNoValidate disabled={node.max !== null && items.length >= node.max} className={SMALL_BUTTON}>
          Add {node.itemLabel.toLowerCase()} to {label.toLowerCase()}
        </button>
      </div>
    </fieldset>
  );
}

function PictureField({ path, label, value, errors, images, optional }: { path: string; label: string; value: unknown; errors: Record<string, string>; images: PictureChoice[]; optional: boolean }) {
  const current = (value ?? null) as { src: string; width: number; height: number; alt: string } | null;
  const choices = [...images];
  if (current?.src && !images.some((i) => i.src === current.src)) choices.unshift({ src: current.src, width: current.width, height: current.height, label: `Current: ${current.src.split('/').pop()}` });
  const id = idOf(path);
  const srcError = errors[`${path}.src`] ?? errors[`${path}.width`] ?? errors[path];
  return (
    <fieldset id={id} className={`${GROUP} sm:grid-cols-[96px_1fr] sm:items-start`}>
      <legend className={LEGEND}>{label}</legend>
      {current?.src ? (
        <img src={current.src} alt="" width={96} height={current.width ? Math.round((96 * current.height) / current.width) : 96} className="h-auto w-24 rounded border border-slate-200 bg-slate-100" />
      ) : (
        <span aria-hidden="true" className="hidden h-24 w-24 items-center justify-center rounded border border-dashed border-slate-300 bg-slate-50 sm:flex">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="h-8 w-8 text-slate-400">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <circle cx="9" cy="10" r="1.5" />
            <path d="m21 16-5-5-8 8" />
          </svg>
        </span>
      )}
      <div className="grid gap-2">
        <Labelled id={`${id}-src`} label="Picture" error={srcError}>
          <SelectBox id={`${id}-src`} name={`${path}.src`} defaultValue={current?.src ?? ''} aria-invalid={srcError ? true : undefined} aria-describedby={srcError ? `${id}-src-error` : undefined}>
            {optional || !current?.src ? <option value="">{optional ? 'No picture' : 'Choose a picture'}</option> : null}
            {choices.map((c) => (
              <option key={c.src} value={c.src}>
                {c.label}
              </option>
            ))}
          </SelectBox>
        </Labelled>
        <input type="hidden" name={`${path}.width`} value={current?.width ?? 0} />
        <input type="hidden" name={`${path}.height`} value={current?.height ?? 0} />
        <Labelled id={`${id}-alt`} label="Alt text (describes the picture for people who cannot see it)" error={errors[`${path}.alt`]}>
          <input
            id={`${id}-alt`}
            name={`${path}.alt`}
            type="text"
            defaultValue={current?.alt ?? ''}
            className={CONTROL}
            aria-invalid={errors[`${path}.alt`] ? true : undefined}
            aria-describedby={errors[`${path}.alt`] ? `${id}-alt-error` : undefined}
          />
        </Labelled>
      </div>
    </fieldset>
  );
}
