--redislock:extend
--
-- A new lifetime, only while the lock holds our token, exclusively or shared.
-- An exclusive holder past its deadline is renewed too while the key still
-- names it (it does for GRACE after the deadline while others wait): nobody else
-- has held the lock since, as a waiter that takes over rewrites the key. That
-- carries a hold across a server stall shorter than GRACE (the watchdog's
-- renewal, sent before the stall, is read before the waiter that comes back
-- after it); a frozen holder is taken over at its deadline as before.
--
-- @key   key       string                     K, the lock key (prefix + name)
-- @key   queue     string, optional           Q, the name's wait queue: declared on a cluster only,
--                                             so that a migrating slot is answered before the script runs
-- @key   many      string, optional           M, the name's lockMany() waiters: with queue
-- @arg   token     string                     the token
-- @arg   life      integer                    the new lifetime (ms)
-- @arg   hint      text                       the sibling hint ('' when the script can derive the
--                                             tag); Redlock sends it too, though its keys have no
--                                             siblings: a name with an unmatched brace held by
--                                             someone else must answer 0, not a Lua error

local v = redis.pcall('get', key)
if v == token then return redis.call('pexpire', key, life) end
if not v then return 0 end
--#include "common/grace.lua"
--#include "common/owner.lua"
--#include "common/lock_keys.lua"
local K = key
local Q, M, P = siblings(K, hint)
--#include "common/waiters.lua"
life = tonumber(life)
--#include "common/shortened.lua"
if type(v) ~= 'string' then
  if kind(K) ~= 'zset' then return 0 end
  local s = redis.call('zscore', K, token)
  if not s or tonumber(s) <= now then return 0 end
  redis.call('zadd', K, 'xx', ms(now + life), token)
  readers_ttl()
  shortened(tonumber(s))
  return 1
end
local holder, d = owner(v)
if not named(holder, token) then return 0 end
if not d then return redis.call('pexpire', K, ms(life)) end
redis.call('set', K, holder .. '|' .. ms(now + life), 'px', life + GRACE)
if d > now then shortened(d) end
return 1
