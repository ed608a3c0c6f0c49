import type { JsonSchema } from '../core/tool.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { compileSchema, resolveUri, type Validator } from './ajv.ts'
import { unescapeToken } from './json-pointer.ts'

/** A subschema: an object schema, or the boolean schemas `true` (anything) and `false` (nothing). */
export type SchemaNode = JsonSchema | boolean

/**
 * The subschema a `$ref` in `root` points at, found as ajv (the loop's validator) finds it: the ref is resolved
 * against the base URI of `from`, the schema holding it (the `$id`s around it, by ajv's URI resolver; the root's own
 * `$id` is left out, as the loop compiles it), then looked up among the `$id`s and anchors (`$anchor`,
 * `$dynamicAnchor`, draft-07's `$id: "#name"`) of the document, or read as a JSON Pointer from the resource it
 * names: `#` is the root (or the `$id`'d subschema around `from`), `#/…` goes through objects and arrays
 * (`#/allOf/0`), each token %-decoded, then `~1`/`~0` unescaped; the target may be `true` or `false`. Undefined
 * for a ref to another document and for one that leads nowhere (ajv refuses to compile those). The one resolver
 * scoring, matchers and fuzz use.
 */
export function refTarget(ref: string, root: JsonSchema, from?: JsonSchema): SchemaNode | undefined {
  const index = documentIndex(root)
  const base = (from && index.places.get(from)?.base) ?? ''
  const full = resolvedOrUndefined(base, normalizeId(ref))
  if (full === undefined) return undefined
  const named = index.ids.get(full)
  if (named) return named
  const hash = full.indexOf('#')
  const uri = hash < 0 ? full : full.slice(0, hash)
  const fragment = hash < 0 ? '' : full.slice(hash + 1)
  const resource = uri === '' ? root : index.ids.get(uri)
  if (!resource || fragment === '') return resource
  return fragment.startsWith('/') ? pointerTarget(resource, fragment) : undefined
}

/**
 * Where a `$dynamicRef: "#name"` (2020-12) or `$recursiveRef: "#"` (2019-09) in `root` leads, as ajv runs it: to
 * the outermost schema entered on the way that declares the anchor (`$dynamicAnchor: name`, `$recursiveAnchor:
 * true`), else to the schema ajv compiled the function holding the ref from — the root, or the `$defs` entry a
 * `$ref` led to. (ajv does not follow the spec's static target there.) Undefined where the schema alone does not
 * say (another schema could be on the way, or the ref runs both inline and behind a `$ref`): nothing is followed.
 */
export function dynamicRefTarget(ref: string, root: JsonSchema, from: JsonSchema): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined
  const index = documentIndex(root)
  const declaring = index.declarers.get(ref.slice(1)) ?? []
  if (declaring.includes(root)) return root
  // The schemas from the ref up to the function it runs in: the nearest that a $ref leads to, or the root.
  const scope: JsonSchema[] = []
  let current: JsonSchema | undefined = from
  while (current !== undefined && current !== root && !index.refTargets.has(current)) {
    scope.push(current)
    current = index.places.get(current)?.parent
  }
  if (current === undefined || (current !== root && !index.places.get(current)?.entry)) return undefined
  scope.push(current)
  if (!declaring.every((schema) => scope.includes(schema))) return undefined
  return [...scope].reverse().find((schema) => declaring.includes(schema)) ?? current
}

// A JSON Pointer fragment read from a resource; ajv stops at a boolean schema on the way, and so does an own-key lookup at anything but an object or array.
function pointerTarget(resource: JsonSchema, fragment: string): SchemaNode | undefined {
  let target: unknown = resource
  for (const token of fragment.slice(1).split('/')) {
    const key = decodedKey(token)
    if (key === undefined || typeof target !== 'object' || target === null || !Object.hasOwn(target, key)) return undefined
    target = (target as Record<string, unknown>)[key]
  }
  return typeof target === 'boolean' || isSchema(target) ? target : undefined
}

// A malformed URI (a broken %-escape) resolves to nothing: ajv refuses to compile it.
function resolvedOrUndefined(base: string, reference: string): string | undefined {
  try {
    return resolveUri(base, reference)
  } catch {
    return undefined
  }
}

// ajv's normalizeId: a trailing `#` or `#/` names the resource itself.
function normalizeId(id: string): string {
  return id.replace(/#\/?$/, '')
}

/** Where one subschema sits in its document: its base URI, the schema holding it, and whether it is a `$defs`/`definitions` entry (run only behind a `$ref`). */
type Place = { readonly base: string; readonly parent: JsonSchema | undefined; readonly entry: boolean }

/** What resolving refs in one document needs, gathered once per document as ajv gathers it (compile/resolve.ts getSchemaRefs). */
type DocumentIndex = {
  readonly places: Map<JsonSchema, Place>
  /** Each `$id` and anchor, resolved against its base: `other.json`, `#node`, `other.json#node`. */
  readonly ids: Map<string, JsonSchema>
  /** The schemas declaring each dynamic anchor (`''` for `$recursiveAnchor: true`). */
  readonly declarers: Map<string, JsonSchema[]>
  /** Every schema some `$ref` of the document leads to. */
  readonly refTargets: Set<JsonSchema>
}

const indexes = new WeakMap<JsonSchema, DocumentIndex>()
// Keywords whose value is a map of names to schemas, not a schema; and those holding no schema at all.
const mapKeywords: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'])
const dataKeywords: ReadonlySet<string> = new Set(['enum', 'const', 'default', 'examples', 'required'])

function documentIndex(root: JsonSchema): DocumentIndex {
  const known = indexes.get(root)
  if (known) return known
  const index: DocumentIndex = { places: new Map(), ids: new Map(), declarers: new Map(), refTargets: new Set() }
  const refs: [JsonSchema, string][] = []
  const resolved = (base: string, id: string): string => normalizeId((base ? resolvedOrUndefined(base, id) : id) ?? id)
  const visit = (node: JsonSchema, parent: JsonSchema | undefined, parentBase: string, entry: boolean): void => {
    if (index.places.has(node)) return
    // The root's own $id is left out, as the loop compiles the root without it.
    const base = node !== root && typeof node.$id === 'string' ? resolved(parentBase, node.$id) : parentBase
    if (base !== parentBase && !index.ids.has(base)) index.ids.set(base, node)
    for (const anchor of [node.$anchor, node.$dynamicAnchor]) {
      if (typeof anchor === 'string' && !index.ids.has(resolved(base, `#${anchor}`))) index.ids.set(resolved(base, `#${anchor}`), node)
    }
    const dynamic = typeof node.$dynamicAnchor === 'string' ? node.$dynamicAnchor : node.$recursiveAnchor === true ? '' : undefined
    if (dynamic !== undefined) index.declarers.set(dynamic, [...(index.declarers.get(dynamic) ?? []), node])
    if (typeof node.$ref === 'string') refs.push([node, node.$ref])
    index.places.set(node, { base, parent, entry })
    for (const [keyword, value] of Object.entries(node)) {
      if (dataKeywords.has(keyword)) continue
      const children = mapKeywords.has(keyword) && isSchema(value) ? Object.values(value) : Array.isArray(value) ? value : [value]
      for (const child of children) if (isSchema(child)) visit(child, node, base, keyword === '$defs' || keyword === 'definitions')
    }
  }
  visit(root, undefined, '', false)
  indexes.set(root, index)
  for (const [node, ref] of refs) {
    const target = refTarget(ref, root, node)
    if (isSchema(target)) index.refTargets.add(target)
  }
  return index
}

// A token as ajv reads it (decodeURIComponent, then ~1/~0): `a%20b` → `a b`, `a%2Fb` → `a/b`; undefined for a broken %-escape.
function decodedKey(token: string): string | undefined {
  try {
    return unescapeToken(decodeURIComponent(token))
  } catch {
    return undefined
  }
}

/** A schema object (not `true`/`false`, not an array). */
export function isSchema(value: unknown): value is JsonSchema {
  return isPlainObject(value)
}

/** The base URI the refs of a subschema of `root` resolve against: the `$id` around it, '' in the root's own scope (and for a node not in the document). */
export function idScope(root: JsonSchema, node: JsonSchema): string {
  return documentIndex(root).places.get(node)?.base ?? ''
}

// Per subschema: its validator, or null when it cannot be compiled on its own.
const subschemaValidators = new WeakMap<JsonSchema, Validator | null>()

/**
 * One subschema of `root` made to stand alone: with the root's `$schema`, `$defs` and `definitions` beside it so
 * local `$ref`s into them resolve; undefined inside an `$id`'d subschema, whose refs resolve against that `$id`,
 * which the copy loses.
 */
export function standaloneSchema(root: JsonSchema, node: JsonSchema): JsonSchema | undefined {
  if (idScope(root, node) !== '') return undefined
  const { $schema, $defs, definitions } = root
  return { ...node, ...($schema !== undefined ? { $schema } : {}), ...($defs !== undefined ? { $defs } : {}), ...(definitions !== undefined ? { definitions } : {}) }
}

/** A strict validator for one subschema of `root` (`standaloneSchema`); undefined when it cannot stand alone (a `$ref` to `#/properties/…`). */
export function subschemaValidator(root: JsonSchema, node: JsonSchema): Validator | undefined {
  let validate = subschemaValidators.get(node)
  if (validate === undefined) {
    const standalone = standaloneSchema(root, node)
    try {
      validate = standalone ? compileSchema(standalone) : null
    } catch {
      validate = null
    }
    subschemaValidators.set(node, validate)
  }
  return validate ?? undefined
}
