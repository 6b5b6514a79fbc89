--redislock:sem_watch
--
-- The watchdog's renewal of an acquisition. The bound it renews up to lives on
-- the server beside the semaphore, in P..'b:'..<the token's random part> (ms of
-- the server's clock), so that any object of any process that has the token
-- ends it (sem_extend.lua), and every watchdog renewing the acquisition obeys
-- it. With first > 0 (the first renewal), the bound becomes first ms from now
-- unless one is set already (or the watch was ended meanwhile). The acquisition
-- gets the lease, or what is left until the bound if that is less.
-- The bound key lives at most four leases past the last renewal (and never past
-- the bound), so an acquisition released or lapsed leaves it behind only that
-- long. Answers the lifetime given (ms, > 0), 0 when the token holds nothing
-- (the bound is left alone), or -1 when there is no bound any more (it passed,
-- or extend() ended the watch): the watchdog stops, the acquisition keeps what
-- it has.
--
-- @key   key       string                     S, the semaphore key (prefix + name)
-- @key   queue     string, optional           Q, its wait queue: declared on a cluster only
-- @key   units     string, optional           B, its counts (common/sem_units.lua): with queue
-- @arg   token     string                     the token
-- @arg   life      integer                    the lease (ms)
-- @arg   first     integer                    the bound to set (ms from now) when none is, else 0
-- @arg   hint      text                       the sibling hint: redislock_sibling_hint(), or ''
--                                             when the script derives the hash tag from the key

--#include "common/lock_keys.lua"
local S = key
local Q, _, P = siblings(S, hint)
--#include "common/owner.lua"
--#include "common/sem_units.lua"
--#include "common/outlive.lua"
local lease = tonumber(life)
local W = P .. 'b:' .. string.match(token, '[^:]*$')
--#include "common/watch_bound.lua"
local left = bound_left(W, tonumber(first), lease)
if not left then return -1 end
local given = math.min(lease, left)
local s = redis.call('zscore', S, token)
if not s or tonumber(s) <= now then return 0 end
local d = now + given
redis.call('zadd', S, 'xx', ms(d), token)
local p, id = string.match(token, '^(%d+):(.*)$')
if p then units_set(p, id, d, true) end
outlive(d)
redis.call('pexpire', W, ms(math.min(left, 4 * lease)))
return given
