import type { PyValue } from '../../py/value.ts'
import { methodTable, req, type Environment } from '../environment.ts'
import { PyRandom } from '../mt19937.ts'
import { arith, truthy } from '../py-ops.ts'
import { configDict, defaultsOf, dict, i, isMap, type Key, num, type Val } from '../values.ts'
import { lookupKey, str } from './keys.ts'

// BFCL's MessageAPI: users, an inbox of one-key dicts {receiver: message}, ids from Random(200191).

const attributes = ['generated_ids', 'user_count', 'user_map', 'inbox', 'message_count', 'current_user'] as const

const defaults = defaultsOf(() => new Map<string, Val>([
    ['generated_ids', new Set<Key>()], ['user_count', i(4)],
    ['user_map', dict([['Alice', 'USR001'], ['Bob', 'USR002'], ['Catherine', 'USR003'], ['Daniel', 'USR004']])],
    ['inbox', [dict([['USR002', 'My name is Alice. I want to connect.']]), dict([['USR003', 'Could you upload the file?']]), dict([['USR004', 'Could you upload the file?']])]],
    ['message_count', i(3)], ['current_user', null],
  ]))

/** A MessageAPI instance. */
export function messageApi(): Environment {
  const s = defaults()
  let random = new PyRandom(200191)
  const get = (name: string) => s.get(name)!
  const users = () => get('user_map') as Map<Key, Val>
  const inbox = () => get('inbox') as Val[]
  const loggedIn = () => truthy(get('current_user'))
  const notLoggedIn = () => dict([['error', 'No user is currently logged in.']])
  const userIds = () => [...users().values()]

  const generateId = (): Val => {
    const ids = get('generated_ids') as Set<Key>
    let id = random.randint(10000, 99999)
    while (ids.has(id)) id = random.randint(10000, 99999)
    ids.add(id)
    return dict([['new_id', i(id)]])
  }

  const methods = methodTable([
    ['add_contact', [req('user_name')], ([name]) => {
      if (users().has(lookupKey(name!))) return dict([['error', `User name '${str(name!)}' already exists.`]])
      s.set('user_count', arith('+', get('user_count'), i(1)))
      const id = `USR${String(num(get('user_count'))).padStart(3, '0')}`
      if (userIds().includes(id)) return dict([['error', `User ID '${id}' already exists.`]])
      users().set(lookupKey(name!), id)
      return dict([['added_status', true], ['user_id', id], ['message', `Contact '${str(name!)}' added successfully.`]])
    }],
    ['delete_message', [req('receiver_id')], ([receiver]) => {
      if (!loggedIn()) return notLoggedIn()
      const list = inbox()
      for (let at = list.length - 1; at >= 0; at--) {
        const message = list[at]
        if (isMap(message) && message.has(lookupKey(receiver!))) {
          list.splice(at, 1)
          return dict([['deleted_status', true], ['receiver_id', receiver!], ['message', `Receiver ${str(receiver!)}'s latest message deleted successfully.`]])
        }
      }
      return dict([['error', `Receiver ID ${str(receiver!)} not found.`]])
    }],
    ['get_message_stats', [], () => {
      if (!loggedIn()) return notLoggedIn()
      const contacts = new Set<string>()
      let received = 0
      for (const message of inbox()) {
        if (!isMap(message)) continue
        for (const key of message.keys()) {
          received++
          contacts.add(String(key))
        }
      }
      return dict([['stats', dict([['received_count', i(received)], ['total_contacts', i(contacts.size)]])]])
    }],
    ['get_user_id', [req('user')], ([user]) => {
      const id = users().get(lookupKey(user!))
      if (id === undefined) return dict([['error', `User '${str(user!)}' not found in the workspace.`]])
      return dict([['user_id', id]])
    }],
    ['list_users', [], () => dict([['user_list', [...users().keys()].map((k) => (typeof k === 'bigint' ? i(k) : k))]])],
    ['message_get_login_status', [], () => dict([['login_status', truthy(get('current_user'))]])],
    ['message_login', [req('user_id')], ([id]) => {
      if (!userIds().includes(id!)) return dict([['login_status', false], ['message', `User ID '${str(id!)}' not found.`]])
      s.set('current_user', id!)
      return dict([['login_status', true], ['message', `User '${str(id!)}' logged in successfully.`]])
    }],
    ['search_messages', [req('keyword')], ([keyword]) => {
      if (!loggedIn()) return notLoggedIn()
      const needle = str(keyword!).toLowerCase()
      const results: Val[] = []
      for (const message of inbox()) {
        if (!isMap(message)) continue
        for (const [receiver, content] of message) {
          if (typeof content === 'string' && content.toLowerCase().includes(needle)) results.push(dict([['receiver_id', typeof receiver === 'bigint' ? i(receiver) : receiver], ['message', content]]))
        }
      }
      return dict([['results', results]])
    }],
    ['send_message', [req('receiver_id'), req('message')], ([receiver, message]) => {
      if (!loggedIn()) return notLoggedIn()
      if (!userIds().includes(receiver!)) return dict([['error', `Receiver ID '${str(receiver!)}' not found.`]])
      const id = generateId()
      inbox().push(new Map([[lookupKey(receiver!), message!]]))
      s.set('message_count', arith('+', get('message_count'), i(1)))
      return dict([['sent_status', true], ['message_id', id], ['message', `Message sent to '${str(receiver!)}' successfully.`]])
    }],
    ['view_messages_sent', [], () => {
      if (!loggedIn()) return notLoggedIn()
      const sent = new Map<Key, Val>()
      for (const message of inbox()) {
        // Only a message's first (receiver, text) pair counts, as in BFCL.
        const first = isMap(message) ? [...message][0] : undefined
        if (!first) continue
        const [receiver, content] = first
        const list = sent.get(receiver)
        if (Array.isArray(list)) list.push(content)
        else sent.set(receiver, [content])
      }
      return dict([['messages', sent]])
    }],
  ])

  return {
    className: 'MessageAPI',
    methods,
    load(config: PyValue) {
      const given = configDict(config)
      const base = defaults()
      random = new PyRandom(200191)
      for (const name of attributes) s.set(name, given.has(name) ? given.get(name)! : base.get(name)!)
    },
    state: () => attributes.map((name) => [name, s.get(name)!] as const),
  }
}
