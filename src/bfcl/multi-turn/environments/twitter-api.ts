import type { PyValue } from '../../py/value.ts'
import { AttributeEnvironment, methodTable, req, type Environment, type Method, type Param, type ProcessState } from '../environment.ts'
import { PyException } from '../py-error.ts'
import { arith, pyIter, truthy, typeName } from '../py-ops.ts'
import { attributeLoader, configDict, dict, i, isMap, type Val } from '../values.ts'
import { intKeys, lookupKey, lower, str } from './keys.ts'
import { getOrCreate } from '../../../core/get-or-create.ts'

// BFCL's TwitterAPI (posting_api). `post_tweet`'s `tags=[]` and `mentions=[]` defaults are Python mutable
// defaults: one list per process, shared by every tweet posted without them, and `mention()` extends it.

const attributes = ['username', 'password', 'authenticated', 'tweets', 'comments', 'retweets', 'following_list', 'tweet_counter'] as const

const loaded = attributeLoader(() => new Map<string, Val>([
    ['username', 'john'], ['password', 'john123'], ['authenticated', false], ['tweets', new Map()], ['comments', new Map()],
    ['retweets', new Map()], ['following_list', ['alice', 'bob']], ['tweet_counter', i(0)],
  ]))

// The process-wide default list object of one parameter.
function sharedDefault(process: ProcessState, name: string): Param {
  return {
    name,
    default: () => getOrCreate(process, `TwitterAPI.post_tweet.${name}`, () => []) as Val[],
  }
}

const notFound = (id: Val) => dict([['error', `Tweet with ID ${str(id)} not found.`]])

/** A TwitterAPI instance. */
class TwitterApi extends AttributeEnvironment {
  readonly className = 'TwitterAPI'

  constructor(readonly methods: ReadonlyMap<string, Method<TwitterApi>>) {
    super(attributes)
  }

  authed(): boolean {
    return truthy(this.get('authenticated'))
  }

  load(config: PyValue): void {
    const given = configDict(config)
    for (const name of attributes) this.s.set(name, loaded(given, name))
    this.s.set('tweets', intKeys(this.get('tweets')))
  }
}

// The class's methods in one process: `post_tweet`'s defaults are that process's lists (a Python function's
// defaults belong to the function object, made once per process), so the table is built once per process.
function methodsFor(process: ProcessState): ReadonlyMap<string, Method<TwitterApi>> {
  return getOrCreate(process, 'TwitterAPI.methods', () => buildMethods(process)) as ReadonlyMap<string, Method<TwitterApi>>
}

function buildMethods(process: ProcessState): ReadonlyMap<string, Method<TwitterApi>> {
  return methodTable<TwitterApi>([
    ['authenticate_twitter', [req('username'), req('password')], ([username, password], self) => {
      if (username === self.get('username') && password === self.get('password')) {
        self.s.set('authenticated', true)
        return dict([['authentication_status', true]])
      }
      return dict([['authentication_status', false]])
    }],
    ['comment', [req('tweet_id'), req('comment_content')], ([id, content], self) => {
      if (!self.authed()) return dict([['error', 'User not authenticated. Please authenticate before commenting.']])
      if (!self.dict('tweets').has(lookupKey(id!))) return notFound(id!)
      const comments = self.dict('comments')
      const key = lookupKey(id!)
      if (!comments.has(key)) comments.set(key, [])
      ;(comments.get(key) as Val[]).push(dict([['username', self.get('username')], ['content', content!]]))
      return dict([['comment_status', 'Comment added successfully']])
    }],
    ['follow_user', [req('username_to_follow')], ([name], self) => {
      if (!self.authed()) return dict([['error', 'User not authenticated. Please authenticate before following.']])
      if (self.list('following_list').includes(name!)) return dict([['follow_status', false]])
      self.list('following_list').push(name!)
      return dict([['follow_status', true]])
    }],
    ['get_tweet', [req('tweet_id')], ([id], self) => self.dict('tweets').get(lookupKey(id!)) ?? notFound(id!)],
    ['get_tweet_comments', [req('tweet_id')], ([id], self) => {
      if (!self.dict('tweets').has(lookupKey(id!))) return notFound(id!)
      return self.dict('comments').get(lookupKey(id!)) ?? []
    }],
    ['get_user_stats', [req('username')], ([username], self) => {
      const count = [...self.dict('tweets').values()].filter((t) => isMap(t) && t.get('username') === username).length
      const retweets = self.dict('retweets').get(lookupKey(username!))
      return dict([
        ['tweet_count', i(count)],
        ['following_count', i(username === self.get('username') ? self.list('following_list').length : 0)],
        ['retweet_count', i(Array.isArray(retweets) ? retweets.length : 0)],
      ])
    }],
    ['get_user_tweets', [req('username')], ([username], self) => [...self.dict('tweets').values()].filter((t) => isMap(t) && t.get('username') === username)],
    ['list_all_following', [], (_, self) => {
      if (!self.authed()) return dict([['error', 'User not authenticated. Please authenticate before listing following.']])
      return self.list('following_list')
    }],
    ['mention', [req('tweet_id'), req('mentioned_usernames')], ([id, names], self) => {
      const tweet = self.dict('tweets').get(lookupKey(id!))
      if (!isMap(tweet)) return notFound(id!)
      const mentions = tweet.get('mentions')
      if (!Array.isArray(mentions)) throw new PyException('AttributeError', `'${typeName(mentions ?? null)}' object has no attribute 'extend'`)
      // list.extend takes any iterable: a str of names adds its characters, as in BFCL.
      for (const name of pyIter(names!)) mentions.push(name)
      return dict([['mention_status', 'Users mentioned successfully']])
    }],
    ['post_tweet', [req('content'), sharedDefault(process, 'tags'), sharedDefault(process, 'mentions')], ([content, tags, mentions], self) => {
      if (!self.authed()) return dict([['error', 'User not authenticated. Please authenticate before posting.']])
      const id = self.get('tweet_counter')
      const tweet = dict([['id', id], ['username', self.get('username')], ['content', content!], ['tags', tags!], ['mentions', mentions!]])
      self.dict('tweets').set(lookupKey(id), tweet)
      self.s.set('tweet_counter', arith('+', id, i(1)))
      return tweet
    }],
    ['posting_get_login_status', [], (_, self) => dict([['login_status', truthy(self.get('authenticated'))]])],
    ['retweet', [req('tweet_id')], ([id], self) => {
      if (!self.authed()) return dict([['error', 'User not authenticated. Please authenticate before retweeting.']])
      if (!self.dict('tweets').has(lookupKey(id!))) return notFound(id!)
      const retweets = self.dict('retweets')
      const user = lookupKey(self.get('username'))
      if (!retweets.has(user)) retweets.set(user, [])
      const list = retweets.get(user) as Val[]
      if (list.some((item) => lookupKey(item) === lookupKey(id!))) return dict([['retweet_status', 'Already retweeted']])
      list.push(id!)
      return dict([['retweet_status', 'Successfully retweeted']])
    }],
    ['search_tweets', [req('keyword')], ([keyword], self) => {
      const needle = lower(keyword!)
      return [...self.dict('tweets').values()].filter((t) => isMap(t) && (lower(t.get('content') ?? null).includes(needle) || pyIter(t.get('tags') ?? null).map(lower).includes(needle)))
    }],
    ['unfollow_user', [req('username_to_unfollow')], ([name], self) => {
      if (!self.authed()) return dict([['error', 'User not authenticated. Please authenticate before unfollowing.']])
      const at = self.list('following_list').indexOf(name!)
      if (at < 0) return dict([['unfollow_status', false]])
      self.list('following_list').splice(at, 1)
      return dict([['unfollow_status', true]])
    }],
  ])
}

/** A TwitterAPI instance. */
export function twitterApi(process: ProcessState): Environment {
  return new TwitterApi(methodsFor(process))
}
