import { strRepr } from '../../py/repr.ts'
import { pyEqual, type PyValue } from '../../py/value.ts'
import type { PyObject } from '../values.ts'

// BFCL's File and Directory objects. Identity matters: `cp` of a directory copies the contents dict but shares
// the children, a moved child keeps its old parent pointer, and the repr prints the parent's *current* name.

/** A file: equal by name and content. */
export class FsFile implements PyObject {
  constructor(public name: string, public content: string) {}
  pyRepr(): string {
    return `<<File: ${this.name}, Content: ${this.content}>>`
  }
  eqValue(): PyValue {
    return { t: 'tuple', items: ['File', this.name, this.content] }
  }
  equals(other: PyObject): boolean {
    return other instanceof FsFile ? other.name === this.name && other.content === this.content : pyEqual(this.eqValue(), other.eqValue())
  }
}

/** A directory: equal by name and contents (the parent is ignored). */
export class FsDirectory implements PyObject {
  constructor(public name: string, public parent: FsDirectory | null, public contents: Map<string, FsNode> = new Map()) {}
  pyRepr(): string {
    const items = [...this.contents].map(([key, node]) => `${strRepr(key)}: ${node.pyRepr()}`).join(', ')
    return `<Directory: ${this.name}, Parent: ${this.parent ? this.parent.name : 'None'}, Contents: {${items}}>`
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
