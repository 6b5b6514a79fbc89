-- The payloads of ids, in their order (false for an id without one), read a
-- thousand at a time; .any says whether the queue stores any payload at all.
local function payloads_of(P, ids)
  local out = {any = false}
  if redis.call('exists', P) == 0 then
    for k = 1, #ids do out[k] = false end
    return out
  end
  out.any = true
  for i = 1, #ids, 1000 do
    local args = {'hmget', P}
    for j = i, math.min(i + 999, #ids) do args[#args + 1] = ids[j] end
    local got = redis.call(unpack(args))
    for j = 1, #got do out[#out + 1] = got[j] end
  end
  return out
end
