import { strRepr } from '../../py/repr.ts'
import { pyEqual, type PyValue } from '../../py/value.ts'
import { toPy, valEqual, type PyObject, type Val } from '../values.ts'
import { str } from './keys.ts'

// BFCL's File and Directory objects. Identity matters: `cp` of a directory copies the contents dict but shares
// the children, `mv` of one hands its contents dict itself to the new Directory, a cp copy's child keeps its old
// parent pointer, and the repr prints the parent's *current* name.

/** A file: equal by name and content. The content is whatever `echo` was given (BFCL stores it unchecked). */
export class FsFile implements PyObject {
  constructor(public name: string, public content: Val) {}
  pyRepr(): string {
    return `<<File: ${this.name}, Content: ${str(this.content)}>>`
  }
  eqValue(): PyValue {
    return { t: 'tuple', items: ['File', this.name, toPy(this.content)] }
  }
  equals(other: PyObject): boolean {
    return other instanceof FsFile ? other.name === this.name && valEqual(other.content, this.content) : pyEqual(this.eqValue(), other.eqValue())
  }
}

// The contents dicts being printed: Python's dict repr prints one it is already inside as `{...}` (a `cp` of a
// directory into itself makes a directory that contains itself).
const inRepr = new Set<Map<string, FsNode>>()

/** A directory: equal by name and contents (the parent is ignored). */
export class FsDirectory implements PyObject {
  constructor(public name: string, public parent: FsDirectory | null, public contents: Map<string, FsNode> = new Map()) {}
  pyRepr(): string {
    const parent = this.parent ? this.parent.name : 'None'
    if (inRepr.has(this.contents)) return `<Directory: ${this.name}, Parent: ${parent}, Contents: {...}>`
    inRepr.add(this.contents)
    try {
      const items = [...this.contents].map(([key, node]) => `${strRepr(key)}: ${node.pyRepr()}`).join(', ')
      return `<Directory: ${this.name}, Parent: ${parent}, Contents: {${items}}>`
    } finally {
      inRepr.delete(this.contents)
    }
  }
  eqValue(): PyValue {
    return { t: 'tuple', items: ['Directory', this.name, { t: 'dict', entries: [...this.contents].map(([key, node]) => [key, node.eqValue()] as const) }] }
  }
  equals(other: PyObject): boolean {
    if (!(other instanceof FsDirectory)) return pyEqual(this.eqValue(), other.eqValue())
    if (other.name !== this.name || other.contents.size !== this.contents.size) return false
    for (const [key, node] of this.contents) {
      const twin = other.contents.get(key)
      if (twin === undefined || !node.equals(twin)) return false
    }
    return true
  }
}

/** A file-system entry. */
export type FsNode = FsFile | FsDirectory
