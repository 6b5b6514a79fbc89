--redislock:leave_many
--
-- lockMany() gives up: the waiter leaves the waiters of every name.
--
-- @key   key       string, list               the lock key of name i
-- @key   queue     string, list, optional     its wait queue, on a cluster only
-- @key   many      string, list, optional     its lockMany() waiters, with queue
-- @arg   n         count                      how many names
-- @arg   waiter    string                     the waiter id
-- @arg   hint      text, list                 the sibling hint of name i

--#include "common/grace.lua"
--#include "common/owner.lua"
--#include "common/lock_keys.lua"
local n, Q, M, P, K = tonumber(n), nil, nil, nil, nil
--#include "common/waiters.lua"
for i = 1, n do
  K = KEYS[(#KEYS / n) * (i - 1) + 1]
  Q, M, P = siblings(K, ARGV[2 + i])
  redis.call('zrem', M, waiter)
  redis.call('del', P .. 'w:' .. waiter)
  unmark()
end
return 1
