--redislock:sem_extend
--
-- A new lifetime while the acquisition is held. One that now ends earlier wakes
-- the head of the queue, which blocks until the first acquisition it saw ends.
-- Every watchdog's watch of the acquisition ends, in any object or process: the
-- bound they renew up to (P..'b:'..<the token's random part>, sem_watch.lua)
-- says '0' for as long as the acquisition then lives, so no renewal moves the
-- lifetime given here.
--
-- @key   key       string                     S, the semaphore key (prefix + name)
-- @key   queue     string, optional           Q, its wait queue: declared on a cluster only
-- @key   units     string, optional           B, its counts (common/sem_units.lua): with queue
-- @arg   token     string                     the token
-- @arg   life      integer                    the new lifetime (ms)
-- @arg   hint      text                       the sibling hint: redislock_sibling_hint(), or ''
--                                             when the script derives the hash tag from the key

--#include "common/grace.lua"
--#include "common/lock_keys.lua"
local S = key
local Q, H, P = siblings(S, hint)
--#include "common/owner.lua"
--#include "common/sem_units.lua"
--#include "common/outlive.lua"
--#include "common/semaphore_waiters.lua"
local s = redis.call('zscore', S, token)
if not s or tonumber(s) <= now then return 0 end
local d = now + tonumber(life)
redis.call('zadd', S, 'xx', ms(d), token)
local p, id = string.match(token, '^(%d+):(.*)$')
if p then units_set(p, id, d, true) end
outlive(d)
redis.call('set', P .. 'b:' .. string.match(token, '[^:]*$'), '0', 'px', ms(tonumber(life)))
-- Shortened: the head is woken, unless the new lifetime is GRACE or longer (see
-- the lock's extend script).
if d < tonumber(s) and tonumber(life) < GRACE and redis.call('exists', Q) == 1 then
  local h = head()
  if h then push(h, 60000) end
end
return 1
