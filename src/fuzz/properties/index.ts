import type { PropertySpec } from '../probe.ts'
import { acceptance } from './acceptance.ts'
import { idempotence } from './idempotence.ts'
import { metamorphic } from './metamorphic.ts'
import { noSilentDrop } from './no-silent-drop.ts'
import { parserTotality } from './parser-totality.ts'
import { rejection } from './rejection.ts'
import { truncationSafety } from './truncation-safety.ts'

/** The seven properties, in report order. */
export const properties: readonly PropertySpec<any>[] = [
  acceptance, rejection, noSilentDrop, truncationSafety, parserTotality, metamorphic, idempotence,
]
