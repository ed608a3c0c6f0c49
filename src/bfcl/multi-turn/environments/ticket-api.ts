import type { PyValue } from '../../py/value.ts'
import { pyEqual } from '../../py/value.ts'
import { AttributeEnvironment, methodTable, opt, req, type Environment } from '../environment.ts'
import { arith, lt, truthy, typeName } from '../py-ops.ts'
import { keyError, PyException } from '../py-error.ts'
import { attributeLoader, configDict, dict, i, isMap, type Key, toPy, type Val } from '../values.ts'
import { lower, str } from './keys.ts'

// BFCL's TicketAPI: a queue of ticket dicts, a counter, the logged-in user.

const attributes = ['ticket_queue', 'ticket_counter', 'current_user'] as const
const editable = ['title', 'description', 'status', 'priority']
const loaded = attributeLoader(() => new Map<string, Val>([['ticket_queue', []], ['ticket_counter', i(1)], ['current_user', null]]))

const notFound = (id: Val) => dict([['error', `Ticket with ID ${str(id)} not found.`]])

/** A TicketAPI instance. */
class TicketApi extends AttributeEnvironment {
  readonly className = 'TicketAPI'
  readonly methods = methods

  constructor() {
    super(attributes)
  }

  queue(): Val[] {
    return this.list('ticket_queue')
  }

  find(id: Val): Map<Key, Val> | undefined {
    return this.queue().find((t): t is Map<Key, Val> => isMap(t) && t.has('id') && pyEqual(toPy(t.get('id')!), toPy(id)))
  }

  load(config: PyValue): void {
    const given = configDict(config)
    for (const name of attributes) this.s.set(name, loaded(given, name))
  }
}

const methods = methodTable<TicketApi>([
  ['close_ticket', [req('ticket_id')], ([id], self) => {
    const ticket = self.find(id!)
    if (!ticket) return notFound(id!)
    if (ticket.get('status') === 'Closed') return dict([['error', `Ticket with ID ${str(id!)} is already closed.`]])
    ticket.set('status', 'Closed')
    return dict([['status', `Ticket ${str(id!)} has been closed successfully.`]])
  }],
  ['create_ticket', [req('title'), opt('description', ''), opt('priority', i(1))], ([title, description, priority], self) => {
    if (!truthy(self.get('current_user'))) return dict([['error', 'User not authenticated. Please log in to create a ticket.']])
    // Python compares: a priority that is no number raises TypeError.
    if (lt(priority!, i(1)) || lt(i(5), priority!)) return dict([['error', 'Invalid priority. Priority must be between 1 and 5.']])
    const ticket = dict([['id', self.get('ticket_counter')], ['title', title!], ['description', description!], ['status', 'Open'], ['priority', priority!], ['created_by', self.get('current_user')]])
    self.queue().push(ticket)
    self.s.set('ticket_counter', arith('+', self.get('ticket_counter'), i(1)))
    return ticket
  }],
  ['edit_ticket', [req('ticket_id'), req('updates')], ([id, updates], self) => {
    const ticket = self.find(id!)
    if (!ticket) return notFound(id!)
    if (!isMap(updates)) throw new PyException('AttributeError', `'${typeName(updates!)}' object has no attribute 'keys'`)
    const fields = [...updates]
    // BFCL joins a set here, so its order follows Python's hash seed; insertion order is one of its orders.
    const invalid = fields.map(([key]) => key).filter((key) => !editable.includes(String(key)))
    if (invalid.length > 0) return dict([['error', `Invalid fields for update: ${invalid.map(String).join(', ')}`]])
    for (const [key, value] of fields) if (value !== null) ticket.set(key, value)
    return dict([['status', `Ticket ${str(id!)} has been updated successfully.`]])
  }],
  ['get_ticket', [req('ticket_id')], ([id], self) => self.find(id!) ?? notFound(id!)],
  ['get_user_tickets', [opt('status')], ([status], self) => {
    if (!truthy(self.get('current_user'))) return [dict([['error', 'User not authenticated. Please log in to view tickets.']])]
    const mine = self.queue().filter((t) => {
      if (!isMap(t) || !t.has('created_by')) throw keyError("'created_by'")
      return pyEqual(toPy(t.get('created_by')!), toPy(self.get('current_user')))
    })
    if (!truthy(status!)) return mine
    return mine.filter((t) => {
      const value = (t as Map<Key, Val>).get('status')
      if (value === undefined) throw keyError("'status'")
      return lower(value) === lower(status!)
    })
  }],
  ['logout', [], (_, self) => {
    if (!truthy(self.get('current_user'))) return dict([['success', false]])
    self.s.set('current_user', null)
    return dict([['success', true]])
  }],
  ['resolve_ticket', [req('ticket_id'), req('resolution')], ([id, resolution], self) => {
    const ticket = self.find(id!)
    if (!ticket) return notFound(id!)
    if (ticket.get('status') === 'Resolved') return dict([['error', `Ticket with ID ${str(id!)} is already resolved.`]])
    ticket.set('status', 'Resolved')
    ticket.set('resolution', resolution!)
    return dict([['status', `Ticket ${str(id!)} has been resolved successfully.`]])
  }],
  ['ticket_get_login_status', [], (_, self) => dict([['login_status', truthy(self.get('current_user'))]])],
  ['ticket_login', [req('username'), req('password')], ([username, password], self) => {
    if (truthy(username!) && truthy(password!)) {
      self.s.set('current_user', username!)
      return dict([['success', true]])
    }
    return dict([['success', false]])
  }],
])

/** A TicketAPI instance. */
export function ticketApi(): Environment {
  return new TicketApi()
}
