--redislock:rate_inspect
--
-- A limiter's state for operators, read-only, by the server's clock: nil when the
-- name has none; otherwise [policy byte, limit, interval µs, burst, tokens left
-- now, µs until one token is allowed, µs until back to full capacity, µs until
-- the last waiter's place (0: nobody waits)].
--
-- @key   key       string                     L, the limiter's key (prefix + name)

local t1 = redis.call('time')
local now = tonumber(t1[1]) * 1000000 + tonumber(t1[2])
--#include "common/rate.lua"
local v = redis.call('get', key)
if not v then return nil end
local head, p, limit, interval, burst = string.match(v, '^((%a):(%d+):(%d+):(%d+):)')
if not head then return redis.error_reply('WRONGTYPE the key holds no rate limiter state') end
limit, interval, burst = tonumber(limit), tonumber(interval), tonumber(burst)
-- The time per token as the caller sends it: whole µs, and the ps past them rounded up.
local eu = math.floor(interval / limit)
local ep = math.ceil((interval - eu * limit) * PS / limit)
if ep >= PS then eu, ep = eu + 1, 0 end
local r = rate(key, v, head, limit, interval, 1, burst, eu, ep, 'p', 0, 0)
if r.err then return r end
local _, st = parse(v)
local a, c = tonumber(st[1]), tonumber(st[3] or 0)
local backlog = 0
if p == 't' then
  -- The TAT as stored is rounded up to the µs by the ps of its second number.
  local tu, tq, r = a, 0, tonumber(st[2] or 0)
  if r > 0 and r < PS then tu, tq = a - 1, PS - r end
  local cu, cq = tmul(burst, eu, ep)
  local bu, bq = tsub(tu, tq, now, 0)
  bu, bq = tsub(bu, bq, cu, cq)
  if bu >= 0 then backlog = up(bu, bq) end
elseif p == 'Q' and c > 0 then
  backlog = math.max(a + math.ceil(math.max(tonumber(st[2]) - burst, 0) / limit) * interval - now, 0)
elseif p == 'f' and c > 0 then
  backlog = math.max(a + c * interval - now, 0)
end
return {p, limit, interval, burst, r[2], r[3], r[4], backlog}
