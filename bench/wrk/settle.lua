package.path = package.path .. ";" .. debug.getinfo(1, "S").source:match("@(.*/)") .. "?.lua"
local common = require("common")
init = common.seed
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  local cards = common.deal(52)
  local players = {}
  for seat = 0, 3 do
    players[seat + 1] = '{"id":"p' .. seat .. '","arrangement":' .. common.arrangement(cards, seat * 13) .. '}'
  end
  local body = '{"variant":"online","bet":"10","players":[' .. table.concat(players, ",") .. ']}'
  return wrk.format(nil, "/v1/settlements", nil, body)
end
response = common.response
done = common.done
