--redislock:sem_release
--
-- Gives the permits back and, when anyone waits, hands them to the next in line
-- (common/semaphore_waiters.lua). Matching by the random part is for a lost reply: an acquisition we never
-- learnt, or a waiter whose wait failed. Returns how many acquisitions were
-- removed.
--
-- @key   key       string                     S, the semaphore key (prefix + name)
-- @key   queue     string, optional           Q, its wait queue: declared on a cluster only
-- @key   units     string, optional           B, its counts (common/sem_units.lua): with queue
-- @arg   token     string                     the token, or with match its random part
-- @arg   match     flag 's' ''                's' to match the random part only
-- @arg   hint      text                       the sibling hint: redislock_sibling_hint(), or ''
--                                             when the script derives the hash tag from the key

--#include "common/grace.lua"
--#include "common/lock_keys.lua"
local S = key
local Q, H, P = siblings(S, hint)
--#include "common/owner.lua"
--#include "common/sem_units.lua"
-- An acquisition past its deadline is not held any more: removed, not counted.
local removed = 0
local function remove(m, p, id)
  local sc = redis.call('zscore', S, m)
  if sc and redis.call('zrem', S, m) == 1 then
    units_del(p, id)
    if tonumber(sc) > now then removed = removed + 1 end
  end
end
if match == 's' then
  -- Its permits: from its counts, else (a promise the previous release made to
  -- it) from its alive mark, which the promise lasts no longer than.
  local p = units_permits(token)
  if p == 0 then p = tonumber(string.match(redis.call('get', P .. 'a:' .. token) or '', '^(%d+):')) or 0 end
  redis.call('zrem', Q, token)
  redis.call('zrem', H, token)
  redis.call('del', P .. 'a:' .. token, P .. 'w:' .. token, P .. 'l:' .. token)
  if p > 0 then remove(p .. ':' .. token, p, token) end
else
  local p, id = string.match(token, '^(%d+):(.*)$')
  if p then
    remove(token, tonumber(p), id)
    redis.call('zrem', H, id)
  end
end
-- With nobody queued, due hand-overs wait for the next acquire, which revokes
-- them before it counts.
if redis.call('exists', Q) == 0 then return removed end
--#include "common/outlive.lua"
--#include "common/semaphore_waiters.lua"
admit(used())
return removed
