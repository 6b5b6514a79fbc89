--redislock:force_unlock
--
-- Removes every hold on the lock, exclusive or shared, whoever has it, and hands
-- it to the next in line: for operators, and for framework adapters that offer a
-- forced release. Returns 1 when there was a hold to remove.
--
-- @key   key       string                     K, the lock key (prefix + name)
-- @key   queue     string, optional           Q, the name's wait queue: declared on a cluster only,
--                                             so that a migrating slot is answered before the script runs
-- @key   many      string, optional           M, the name's lockMany() waiters: with queue
-- @arg   hint      text                       the sibling hint: redislock_sibling_hint(), or ''
--                                             when the script derives the hash tag from the key

--#include "common/grace.lua"
--#include "common/owner.lua"
--#include "common/lock_keys.lua"
local K = key
local Q, M, P = siblings(K, hint)
--#include "common/waiters.lua"
local t = kind(K)
if t == 'none' then return 0 end
if t == 'zset' then
  local n = readers_live()
  redis.call('del', K)
  hand_over()
  if n > 0 then return 1 end
  return 0
end
if t ~= 'string' then return redis.call('del', K) end
local holder, d = owner(redis.call('get', K))
if d == nil then
  redis.call('del', K)
  return 1
end
hand_over()
if holder ~= '' and d > now then return 1 end
return 0
