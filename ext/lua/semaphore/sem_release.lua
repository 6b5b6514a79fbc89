--redislock:sem_release
--
-- Gives the permits back and, when anyone waits, promises them to the next in
-- line. Matching by the random part is for a lost reply: an acquisition we never
-- learnt, or a waiter whose wait failed. Returns how many acquisitions were
-- removed.
--
-- @key   key       string                     S, the semaphore key (prefix + name)
-- @key   queue     string, optional           Q, its wait queue: declared on a cluster only
-- @arg   token     string                     the token, or with match its random part
-- @arg   match     flag 's' ''                's' to match the random part only
-- @arg   hint      text                       the sibling hint: redislock_sibling_hint(), or ''
--                                             when the script derives the hash tag from the key

--#include "common/grace.lua"
--#include "common/lock_keys.lua"
local S = key
local Q, _, P = siblings(S, hint)
--#include "common/owner.lua"
-- An acquisition past its deadline is not held any more: removed, not counted.
local removed = 0
local function remove(m)
  local sc = redis.call('zscore', S, m)
  if sc and redis.call('zrem', S, m) == 1 and tonumber(sc) > now then removed = removed + 1 end
end
if match == 's' then
  redis.call('zrem', Q, token)
  redis.call('del', P .. 'a:' .. token, P .. 'w:' .. token)
  for _, m in ipairs(redis.call('zrange', S, 0, -1)) do
    if string.sub(m, -(#token + 1)) == ':' .. token then remove(m) end
  end
else
  remove(token)
end
if redis.call('exists', Q) == 0 then return removed end
--#include "common/outlive.lua"
--#include "common/semaphore_waiters.lua"
admit(used())
return removed
