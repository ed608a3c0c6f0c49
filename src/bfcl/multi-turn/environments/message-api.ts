import type { PyValue } from '../../py/value.ts'
import { AttributeEnvironment, methodTable, req, type Environment } from '../environment.ts'
import { PyRandom } from '../mt19937.ts'
import { PyException } from '../py-error.ts'
import { arith, truthy, typeName } from '../py-ops.ts'
import { attributeLoader, configDict, dict, i, type Key, keyValue, num, valEqual, type Val } from '../values.ts'
import { hashKey, lower, str } from './keys.ts'

// BFCL's MessageAPI: users, an inbox of one-key dicts {receiver: message}, ids from Random(200191).

const attributes = ['generated_ids', 'user_count', 'user_map', 'inbox', 'message_count', 'current_user'] as const

const loaded = attributeLoader(() => new Map<string, Val>([
    ['generated_ids', new Set<Key>()], ['user_count', i(4)],
    ['user_map', dict([['Alice', 'USR001'], ['Bob', 'USR002'], ['Catherine', 'USR003'], ['Daniel', 'USR004']])],
    ['inbox', [dict([['USR002', 'My name is Alice. I want to connect.']]), dict([['USR003', 'Could you upload the file?']]), dict([['USR004', 'Could you upload the file?']])]],
    ['message_count', i(3)], ['current_user', null],
  ]))

const notLoggedIn = () => dict([['error', 'No user is currently logged in.']])

/**
 * `list(message.items())[0]`: BFCL reads only a message's first (receiver, text) pair — one BFCL inbox holds a
 * dict of three — and raises as Python does for an empty dict or a message that is no dict.
 */
function firstPair(message: Val): readonly [Val, Val] {
  if (!(message instanceof Map)) throw new PyException('AttributeError', `'${typeName(message)}' object has no attribute 'items'`)
  for (const [key, value] of message) return [keyValue(key), value]
  throw new PyException('IndexError', 'list index out of range')
}

/** A MessageAPI instance. */
class MessageApi extends AttributeEnvironment {
  readonly className = 'MessageAPI'
  readonly methods = methods
  random = new PyRandom(200191)

  constructor() {
    super(attributes)
  }

  loggedIn(): boolean {
    return truthy(this.get('current_user'))
  }

  userIds(): Val[] {
    return [...this.dict('user_map').values()]
  }

  generateId(): Val {
    const ids = this.get('generated_ids') as Set<Key>
    let id = this.random.randint(10000, 99999)
    while (ids.has(id)) id = this.random.randint(10000, 99999)
    ids.add(id)
    return dict([['new_id', i(id)]])
  }

  load(config: PyValue): void {
    const given = configDict(config)
    this.random = new PyRandom(given.has('random_seed') ? BigInt(num(given.get('random_seed'))) : 200191)
    for (const name of attributes) this.s.set(name, loaded(given, name))
  }
}

const methods = methodTable<MessageApi>([
  ['add_contact', [req('user_name')], ([name], self) => {
    if (self.dict('user_map').has(hashKey(name!))) return dict([['error', `User name '${str(name!)}' already exists.`]])
    self.s.set('user_count', arith('+', self.get('user_count'), i(1)))
    const id = `USR${String(num(self.get('user_count'))).padStart(3, '0')}`
    if (self.userIds().includes(id)) return dict([['error', `User ID '${id}' already exists.`]])
    self.dict('user_map').set(hashKey(name!), id)
    return dict([['added_status', true], ['user_id', id], ['message', `Contact '${str(name!)}' added successfully.`]])
  }],
  ['delete_message', [req('receiver_id')], ([receiver], self) => {
    if (!self.loggedIn()) return notLoggedIn()
    const list = self.list('inbox')
    for (let at = list.length - 1; at >= 0; at--) {
      const message = list[at]!
      const [to] = firstPair(message)
      if (valEqual(to, receiver!)) {
        // list.remove(message) takes the first message equal to it, which may be an earlier copy.
        list.splice(list.findIndex((other) => valEqual(other, message)), 1)
        return dict([['deleted_status', true], ['receiver_id', to], ['message', `Receiver ${str(receiver!)}'s latest message deleted successfully.`]])
      }
    }
    return dict([['error', `Receiver ID ${str(receiver!)} not found.`]])
  }],
  ['get_message_stats', [], (_, self) => {
    if (!self.loggedIn()) return notLoggedIn()
    const contacts = new Set<Key>()
    const inbox = self.list('inbox')
    for (const message of inbox) contacts.add(hashKey(firstPair(message)[0]))
    return dict([['stats', dict([['received_count', i(inbox.length)], ['total_contacts', i(contacts.size)]])]])
  }],
  ['get_user_id', [req('user')], ([user], self) => {
    const id = self.dict('user_map').get(hashKey(user!))
    if (id === undefined) return dict([['error', `User '${str(user!)}' not found in the workspace.`]])
    return dict([['user_id', id]])
  }],
  ['list_users', [], (_, self) => dict([['user_list', [...self.dict('user_map').keys()].map(keyValue)]])],
  ['message_get_login_status', [], (_, self) => dict([['login_status', truthy(self.get('current_user'))]])],
  ['message_login', [req('user_id')], ([id], self) => {
    if (!self.userIds().includes(id!)) return dict([['login_status', false], ['message', `User ID '${str(id!)}' not found.`]])
    self.s.set('current_user', id!)
    return dict([['login_status', true], ['message', `User '${str(id!)}' logged in successfully.`]])
  }],
  ['search_messages', [req('keyword')], ([keyword], self) => {
    if (!self.loggedIn()) return notLoggedIn()
    const needle = lower(keyword!)
    const results: Val[] = []
    for (const message of self.list('inbox')) {
      const [receiver, content] = firstPair(message)
      if (lower(content).includes(needle)) results.push(dict([['receiver_id', receiver], ['message', content]]))
    }
    return dict([['results', results]])
  }],
  ['send_message', [req('receiver_id'), req('message')], ([receiver, message], self) => {
    if (!self.loggedIn()) return notLoggedIn()
    if (!self.userIds().includes(receiver!)) return dict([['error', `Receiver ID '${str(receiver!)}' not found.`]])
    const id = self.generateId()
    self.list('inbox').push(new Map([[hashKey(receiver!), message!]]))
    self.s.set('message_count', arith('+', self.get('message_count'), i(1)))
    return dict([['sent_status', true], ['message_id', id], ['message', `Message sent to '${str(receiver!)}' successfully.`]])
  }],
  ['view_messages_sent', [], (_, self) => {
    if (!self.loggedIn()) return notLoggedIn()
    const sent = new Map<Key, Val>()
    for (const message of self.list('inbox')) {
      const [receiver, content] = firstPair(message)
      const key = hashKey(receiver)
      const list = sent.get(key)
      if (Array.isArray(list)) list.push(content)
      else sent.set(key, [content])
    }
    return dict([['messages', sent]])
  }],
])

/** A MessageAPI instance. */
export function messageApi(): Environment {
  return new MessageApi()
}
