// The part of the Gemini Files API a batch needs, as a loopback stand-in: a resumable upload (`POST /upload/v1beta/files`
// with `X-Goog-Upload-Command: start` answers an `X-Goog-Upload-URL`; the bytes go there in chunks at their
// `X-Goog-Upload-Offset`, the last one with `upload, finalize`, answered `X-Goog-Upload-Status: final` and the file),
// and the download of a file's bytes (`GET …/files/{id}:download?alt=media`).
import type { Reply, SeenRequest } from '../loopback.ts'

/** A file the stand-in holds: uploaded by the client, or written by a batch (its responses). */
export type StoredFile = { readonly name: string; readonly displayName: string; readonly mimeType: string; readonly text: string }

type Upload = { readonly declared: number; readonly displayName: string; readonly mimeType: string; text: string; received: number }

/** The files, and a handler for the upload and download paths (undefined: not a path of the Files API). */
export type FilesApi = {
  readonly files: Map<string, StoredFile>
  handle(request: SeenRequest, refuse: (code: number, status: string, message: string) => Reply): Reply | undefined
  /** Stores a file the API itself writes (a batch's responses). */
  write(displayName: string, text: string): StoredFile
}

const startPath = /^\/upload\/v1beta\/files$/
const chunkPath = /^\/upload\/v1beta\/files\?upload_id=([^&]+)/
const downloadPath = /^(?:\/download)?\/v1beta\/(files\/[^/:?]+):download\?alt=media$/

/**
 * The Files API stand-in; `limitBytes` is the largest file it takes (2 GB published). `downloadType` is the
 * Content-Type a download is served with: the API documents none (only that a batch's responses file is JSONL),
 * so tests vary it.
 */
export function filesApi(limitBytes: number, downloadType = 'application/jsonl'): FilesApi {
  const files = new Map<string, StoredFile>()
  const uploads = new Map<string, Upload>()
  let count = 0
  const store = (displayName: string, mimeType: string, text: string): StoredFile => {
    const file = { name: `files/standinfile${String(++count).padStart(4, '0')}`, displayName, mimeType, text }
    files.set(file.name, file)
    return file
  }
  const header = (request: SeenRequest, name: string) => String(request.headers[name] ?? '')

  const start = (request: SeenRequest, refuse: (code: number, status: string, message: string) => Reply): Reply => {
    if (header(request, 'x-goog-upload-protocol') !== 'resumable' || header(request, 'x-goog-upload-command') !== 'start') return refuse(400, 'INVALID_ARGUMENT', 'a resumable upload starts with X-Goog-Upload-Protocol: resumable and X-Goog-Upload-Command: start')
    const declared = Number(header(request, 'x-goog-upload-header-content-length'))
    if (!Number.isInteger(declared) || declared <= 0) return refuse(400, 'INVALID_ARGUMENT', 'X-Goog-Upload-Header-Content-Length is required')
    if (declared > limitBytes) return refuse(400, 'INVALID_ARGUMENT', `File size ${declared} exceeds the limit of ${limitBytes} bytes.`)
    const body = request.body as { file?: { displayName?: unknown; display_name?: unknown; mimeType?: unknown } } | undefined
    const id = `upload${++count}`
    uploads.set(id, { declared, displayName: String(body?.file?.displayName ?? body?.file?.display_name ?? ''), mimeType: header(request, 'x-goog-upload-header-content-type'), text: '', received: 0 })
    return { type: 'json', status: 200, body: {}, headers: { 'x-goog-upload-url': `http://${header(request, 'host')}/upload/v1beta/files?upload_id=${id}&upload_protocol=resumable`, 'x-goog-upload-status': 'active' } }
  }

  const chunk = (request: SeenRequest, id: string, refuse: (code: number, status: string, message: string) => Reply): Reply => {
    const upload = uploads.get(id)
    if (!upload) return refuse(404, 'NOT_FOUND', `no upload ${id}`)
    const command = header(request, 'x-goog-upload-command').split(',').map((word) => word.trim())
    if (!command.includes('upload')) return refuse(400, 'INVALID_ARGUMENT', `unexpected X-Goog-Upload-Command ${command.join(', ')}`)
    if (Number(header(request, 'x-goog-upload-offset')) !== upload.received) return refuse(400, 'INVALID_ARGUMENT', 'X-Goog-Upload-Offset is not where the upload stands')
    // Bytes are counted as sent; the loopback parses a body that happens to be one JSON value (a one-line file).
    upload.received += Number(header(request, 'content-length'))
    upload.text += typeof request.body === 'string' ? request.body : `${JSON.stringify(request.body)}\n`
    if (!command.includes('finalize')) return { type: 'json', status: 200, body: {}, headers: { 'x-goog-upload-status': 'active' } }
    uploads.delete(id)
    if (upload.received !== upload.declared) return refuse(400, 'INVALID_ARGUMENT', `the upload holds ${upload.received} bytes, not the ${upload.declared} declared`)
    const file = store(upload.displayName, upload.mimeType, upload.text)
    return { type: 'json', status: 200, body: { file: fileJson(file) }, headers: { 'x-goog-upload-status': 'final' } }
  }

  return {
    files,
    write: (displayName, text) => store(displayName, 'application/jsonl', text),
    handle(request, refuse) {
      if (request.method === 'POST' && startPath.test(request.path)) return start(request, refuse)
      const uploading = chunkPath.exec(request.path)
      if (request.method === 'POST' && uploading) return chunk(request, uploading[1]!, refuse)
      const downloading = downloadPath.exec(request.path)
      if (request.method !== 'GET' || !downloading) return undefined
      const file = files.get(downloading[1]!)
      if (!file) return refuse(404, 'NOT_FOUND', 'Requested entity was not found.')
      return { type: 'text', status: 200, body: file.text, contentType: downloadType }
    },
  }
}

function fileJson(file: StoredFile): Record<string, unknown> {
  return { name: file.name, displayName: file.displayName, mimeType: file.mimeType, sizeBytes: String(Buffer.byteLength(file.text)), state: 'ACTIVE', source: 'UPLOADED' }
}
