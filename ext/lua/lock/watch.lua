--redislock:watch
--
-- A watched token hold (watchLock(), addLock(watch: true)): its bound, the time
-- the watchdog renews it up to, lives on the server beside the lock, in
-- P..'b:'..<the token's random part> (ms of the server's clock), so that any
-- object of any process that has the token moves it or ends it, and every
-- watchdog renewing the hold obeys it:
-- - bound > 0 (watchLock()): the bound becomes bound ms from now, and the hold
--   gets its first lease;
-- - bound = 0 (the watchdog's renewal): the hold gets the lease, or what is left
--   until the bound if that is less; -1 when there is no bound any more (it
--   passed, or the watch was ended): the watchdog stops, the hold keeps what it
--   has. With first > 0 (the first renewal of addLock(watch: true), which took
--   the hold in one round trip without a bound), the bound becomes first ms
--   from now unless one is set already, or the watch was ended meanwhile;
-- - bound < 0 (extendLock(), convertLock() to the same kind): the watch ends
--   (the bound key says '0' for as long as the hold then lives), the hold gets
--   life in full.
-- The bound key lives at most four leases past the last renewal (and never past
-- the bound), so a hold released or lapsed leaves it behind only that long.
-- Answers the lifetime given (ms, > 0), 0 when the token does not hold the lock
-- (the bound is left alone), or -1 (above).
--
-- @key   key       string                     K, the lock key (prefix + name)
-- @key   queue     string, optional           Q, the name's wait queue: declared on a cluster only,
--                                             so that a migrating slot is answered before the script runs
-- @key   many      string, optional           M, the name's lockMany() waiters: with queue
-- @arg   token     string                     the token
-- @arg   life      integer                    the lease (ms); with bound < 0, the new lifetime
-- @arg   bound     integer                    the new bound (ms from now), 0 to read it, < 0 to end the watch
-- @arg   first     integer                    with bound 0: the bound to set (ms from now) when none is, else 0
-- @arg   hint      text                       the sibling hint ('' when the script can derive the tag)

life = tonumber(life)
bound = tonumber(bound)
local lease = life
local B
-- The watchdog's renewal of a plain exclusive hold (its token alone in K: nobody
-- waits) is the common case, thousands a second: it runs before anything else
-- is defined.
local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
--#include "common/lock_keys.lua"
local K = key
local Q, M, P = siblings(K, hint)
B = P .. 'b:' .. string.match(token, '[^:]*$')
--#include "common/watch_bound.lua"
if bound == 0 then
  local left = bound_left(B, tonumber(first), lease)
  if not left then return -1 end
  if left < life then life = left end
  if redis.pcall('get', K) == token then
    redis.call('pexpire', K, life)
    redis.call('pexpire', B, string.format('%d', math.min(left, 4 * lease)))
    return life
  end
elseif bound > 0 then
  if bound < life then life = bound end
end
--#include "common/grace.lua"
--#include "common/owner.lua"
--#include "common/waiters.lua"
--#include "common/shortened.lua"
local function extend()
  local v = redis.pcall('get', K)
  if v == token then return redis.call('pexpire', K, life) == 1 end
  if not v then return false end
  if type(v) ~= 'string' then
    if kind(K) ~= 'zset' then return false end
    local s = redis.call('zscore', K, token)
    if not s or tonumber(s) <= now then return false end
    redis.call('zadd', K, 'xx', ms(now + life), token)
    readers_ttl()
    shortened(tonumber(s))
    return true
  end
  local holder, d = owner(v)
  if not named(holder, token) then return false end
  if not d then return redis.call('pexpire', K, ms(life)) == 1 end
  redis.call('set', K, holder .. '|' .. ms(now + life), 'px', life + GRACE)
  if d > now then shortened(d) end
  return true
end
if not extend() then return 0 end
if bound < 0 then
  redis.call('set', B, '0', 'px', life)
elseif bound > 0 then
  redis.call('set', B, ms(now + bound), 'px', ms(math.min(bound, 4 * lease)))
else
  redis.call('pexpire', B, ms(math.min(tonumber(redis.call('get', B)) - now, 4 * lease)))
end
return life
