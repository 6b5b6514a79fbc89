--redislock:sem_inspect
--
-- Who holds permits of semaphore S and who waits, read-only, by the server's
-- clock: nil when nobody holds any and nobody waits; otherwise [permits held,
-- acquisitions, live waiters, µs the oldest live waiter has waited (-1: none),
-- the labels of the HELD_BY acquisitions that end last (common/held_by.lua), latest
-- first, then the ms left of the 1000 acquisitions that end last, longest first].
-- No token leaves the server: only the label after the random digits.
--
-- @key   key       string                     S, the semaphore key (prefix + name)
-- @key   queue     string, optional           Q, its wait queue: declared on a cluster only
-- @key   units     string, optional           B, its counts (common/sem_units.lua): with queue
-- @arg   hint      text                       the sibling hint: redislock_sibling_hint(), or ''

--#include "common/owner.lua"
--#include "common/lock_keys.lua"
--#include "common/waiting.lua"
--#include "common/held_by.lua"
local S = key
local Q, _, P = siblings(S, hint)
--#include "common/sem_units.lua"
local waiters, oldest = live_waiters(Q, P, tonumber(now_us))
local n = redis.call('zcount', S, '(' .. ms(now), '+inf')
if n == 0 and waiters == 0 then return nil end
local by = {}
local out = {held(), n, waiters, oldest, by}
local live = redis.call('zrevrangebyscore', S, '+inf', '(' .. ms(now), 'withscores', 'limit', 0, 1000)
for i = 2, #live, 2 do
  out[#out + 1] = tonumber(live[i]) - now
  if i <= 2 * HELD_BY then by[#by + 1] = label(live[i - 1]) end
end
return out
