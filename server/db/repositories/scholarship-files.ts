import type { Kysely, Transaction } from 'kysely';
import type { StoredDocument } from '../../../common/scholarship-applications';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewScholarshipFile {
  applicationId: number;
  purpose: 'document' | 'letter';
  documentKey: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** Replacing a document replaces its row (one per application, purpose and key). */
export async function putFile(db: Executor, file: NewScholarshipFile, now: string): Promise<void> {
  await db
    .deleteFrom('scholarship_files')
    .where('application_id', '=', file.applicationId)
    .where('purpose', '=', file.purpose)
    .where('document_key', '=', file.documentKey)
    .execute();
  await db
    .insertInto('scholarship_files')
    .values({
      application_id: file.applicationId,
      purpose: file.purpose,
      document_key: file.documentKey,
      file_name: file.fileName,
      content_type: file.contentType,
      byte_size: file.bytes.byteLength,
      bytes: file.bytes,
      created_at: now,
    })
    .execute();
}

/** Names and sizes only: the applicant's page never reads the bytes, and never the letter. */
export async function listDocuments(db: Executor, applicationId: number): Promise<StoredDocument[]> {
  const rows = await db
    .selectFrom('scholarship_files')
    .select(['document_key', 'file_name', 'byte_size', 'created_at'])
    .where('application_id', '=', applicationId)
    .where('purpose', '=', 'document')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ key: r.document_key, fileName: r.file_name, byteSize: Number(r.byte_size), uploadedAt: r.created_at }));
}
