import type { ReactNode } from 'react';
import { FieldError } from '../forms';
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

const CONTROL =
  'block w-full min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700';
const SMALL_BUTTON =
  'inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-3 py-1 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50';

const idOf = (path: string) => `f-${path.replace(/[^A-Za-z0-9_]/g, '-') || 'root'}`;
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
            <textarea id={id} name={path} rows={4} defaultValue={str(value)} className={CONTROL} {...invalid} />
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
        <label htmlFor={id} className="flex min-h-11 items-center gap-3 font-semibold text-slate-800">
          <input id={id} name={path} type="checkbox" defaultChecked={value === true} className="h-5 w-5" />
          {label}
        </label>
      );
    case 'choice':
      return (
        <Labelled id={id} label={label} error={error}>
          <select id={id} name={path} defaultValue={str(value)} className={CONTROL} {...invalid}>
            {node.optional ? <option value="">None</option> : null}
            {node.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
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
      return (
        <fieldset className="grid gap-3 rounded-md border border-slate-300 p-3">
          <legend className="px-1 font-semibold text-brand-900">{label}</legend>
          {errors[path] ? <FieldError id={`${id}-error`} message={errors[path]} /> : null}
          {node.fields.map((f) => (
            <SchemaFields
              key={f.key}
              node={f.node}
              value={(value as Record<string, unknown> | undefined)?.[f.key]}
              path={path === '' ? f.key : `${path}.${f.key}`}
              label={f.label}
              errors={errors}
              images={images}
            />
          ))}
        </fieldset>
      );
    case 'array':
      return <ListField node={node} value={value} path={path} label={label} errors={errors} images={images} />;
  }
}

function ListField({ node, value, path, label, errors, images }: Props & { node: Extract<FieldNode, { kind: 'array' }> }) {
  const items = Array.isArray(value) ? value : [];
  const id = idOf(path);
  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-300 p-3">
      <legend className="px-1 font-semibold text-brand-900">{label}</legend>
      {errors[path] ? <FieldError id={`${id}-error`} message={errors[path]} /> : null}
      <ol className="grid gap-3">
        {items.map((item, i) => {
          const itemPath = `${path}.${i}`;
          const name = `${node.itemLabel} ${i + 1}`;
          return (
            // The content in the key re-mounts moved items, so their inputs show their own values.
            <li key={`${i}:${JSON.stringify(item)}`} className="grid gap-2 rounded-md bg-slate-50 p-2">
              <SchemaFields node={node.item} value={item} path={itemPath} label={name} errors={errors} images={images} />
              <div className="flex flex-wrap gap-2">
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
    <fieldset className="grid gap-2 rounded-md border border-slate-300 p-3 sm:grid-cols-[96px_1fr] sm:items-start">
      <legend className="px-1 font-semibold text-brand-900">{label}</legend>
      {current?.src ? <img src={current.src} alt="" width={96} height={current.width ? Math.round((96 * current.height) / current.width) : 96} className="h-auto w-24 rounded" /> : <span />}
      <div className="grid gap-2">
        <Labelled id={`${id}-src`} label="Picture" error={srcError}>
          <select id={`${id}-src`} name={`${path}.src`} defaultValue={current?.src ?? ''} className={CONTROL} aria-invalid={srcError ? true : undefined}>
            {optional || !current?.src ? <option value="">{optional ? 'No picture' : 'Choose a picture'}</option> : null}
            {choices.map((c) => (
              <option key={c.src} value={c.src}>
                {c.label}
              </option>
            ))}
          </select>
        </Labelled>
        <input type="hidden" name={`${path}.width`} value={current?.width ?? 0} />
        <input type="hidden" name={`${path}.height`} value={current?.height ?? 0} />
        <Labelled id={`${id}-alt`} label="Alt text (describes the picture for people who cannot see it)" error={errors[`${path}.alt`]}>
          <input id={`${id}-alt`} name={`${path}.alt`} type="text" defaultValue={current?.alt ?? ''} className={CONTROL} aria-invalid={errors[`${path}.alt`] ? true : undefined} />
        </Labelled>
      </div>
    </fieldset>
  );
}
