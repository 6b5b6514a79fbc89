--redislock:rate_inspect
--
-- A limiter's state for operators, read-only, by the server's clock: nil when the
-- name has none; otherwise [policy byte, limit, interval µs, burst, tokens left
-- now, µs until one token is allowed, µs until back to full capacity, µs until
-- the last waiter's place (0: nobody waits)].
--
-- @key   key       string                     L, the limiter's key (prefix + name)

--#include "common/rate.lua"
local v = redis.call('get', key)
if not v then return nil end
local head, p, limit, interval, burst = string.match(v, '^((%a):(%d+):(%d+):(%d+):)')
if not head then return redis.error_reply('WRONGTYPE the key holds no rate limiter state') end
limit, interval, burst = tonumber(limit), tonumber(interval), tonumber(burst)
local emission = math.ceil(interval / limit)
local r = rate(key, v, head, limit, interval, 1, burst, emission, 'p', 0)
if r.err then return r end
local _, a, _, c = string.match(v, STATE)
a, c = tonumber(a), tonumber(c) or 0
local backlog = 0
if p == 't' then
  backlog = math.max(a - now - burst * emission, 0)
elseif p == 'f' and c > 0 then
  backlog = math.max(a + c * interval - now, 0)
end
return {p, limit, interval, burst, r[2], r[3], r[4], backlog}
