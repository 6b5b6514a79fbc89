--redislock:rate_inspect
--
-- A limiter's state for operators, read-only, by the server's clock: nil when the
-- name has none; otherwise [policy byte, limit, interval µs, burst, tokens left
-- now, µs until one token is allowed, µs until back to full capacity, µs until
-- the last waiter's place (0: nobody waits)].
--
-- @key   key       string                     L, the limiter's hash (prefix + name)

--#include "common/rate.lua"
local p = redis.call('hmget', key, 'policy', 'limit', 'interval', 'burst', 'a', 'c')
if not p[1] then return nil end
local limit, interval, burst = tonumber(p[2]), tonumber(p[3]), tonumber(p[4])
local emission = math.ceil(interval / limit)
local r = rate(key, p[1], limit, interval, 1, burst, emission, 'p', 0)
local backlog = 0
if p[1] == 't' then
  backlog = math.max(tonumber(p[5]) - now - burst * emission, 0)
elseif p[1] == 'f' and tonumber(p[6]) > 0 then
  backlog = math.max(tonumber(p[5]) + tonumber(p[6]) * interval - now, 0)
end
return {p[1], limit, interval, burst, r[2], r[3], r[4], backlog}
