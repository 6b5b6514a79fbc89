-- Read-only: the live waiters of a FIFO queue Q whose alive marks are P..'a:'..id
-- (the first 1000 looked at one by one, any further ones counted as they are), and
-- how long the first live one has waited in µs (-1: none; a promotion, queued at
-- score 0, has no arrival time and is skipped for the age).
local function live_waiters(Q, P, now_us)
  local n, oldest = 0, -1
  local first = redis.call('zrange', Q, 0, 999, 'withscores')
  for i = 1, #first, 2 do
    if redis.call('exists', P .. 'a:' .. first[i]) == 1 then
      n = n + 1
      local arrived = tonumber(first[i + 1])
      if oldest < 0 and arrived > 0 then oldest = math.max(0, now_us - arrived) end
    end
  end
  if #first == 2000 then n = n + redis.call('zcard', Q) - 1000 end
  return n, oldest
end
