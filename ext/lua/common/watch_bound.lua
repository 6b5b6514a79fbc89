-- The bound of a watched hold, kept in W (P..'b:'..<the token's random part>, ms
-- of the server's clock; '0' once the watch was ended; see lock/watch.lua).
-- With first > 0 it is set first ms from now unless one is set already. Answers
-- the ms left until it, or nil when there is none any more (it passed, or the
-- watch ended). Needs now (ms).
local function bound_left(W, first, lease)
  if first > 0 then
    redis.call('set', W, string.format('%d', now + first), 'nx', 'px', string.format('%d', math.min(first, 4 * lease)))
  end
  local b = tonumber(redis.call('get', W) or '')
  if not b or b - now <= 0 then return nil end
  return b - now
end
