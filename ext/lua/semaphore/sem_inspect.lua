--redislock:sem_inspect
--
-- Who holds permits of semaphore S and who waits, read-only, by the server's
-- clock: nil when nobody holds any and nobody waits; otherwise [permits held,
-- acquisitions, live waiters, µs the oldest live waiter has waited (-1: none),
-- then each acquisition's ms left, longest first]. No token leaves the server.
--
-- @key   key       string                     S, the semaphore key (prefix + name)
-- @key   queue     string, optional           Q, its wait queue: declared on a cluster only
-- @arg   hint      text                       the sibling hint: redislock_sibling_hint(), or ''

--#include "common/owner.lua"
--#include "common/lock_keys.lua"
--#include "common/waiting.lua"
local S = key
local Q, _, P = siblings(S, hint)
local waiters, oldest = live_waiters(Q, P, tonumber(now_us))
local live = redis.call('zrevrangebyscore', S, '+inf', '(' .. ms(now), 'withscores')
if #live == 0 and waiters == 0 then return nil end
local out = {0, #live / 2, waiters, oldest}
for i = 1, #live, 2 do
  out[1] = out[1] + (tonumber(string.match(live[i], '^%d+')) or 0)
  out[#out + 1] = tonumber(live[i + 1]) - now
end
return out
