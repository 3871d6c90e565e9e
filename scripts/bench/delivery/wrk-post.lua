-- wrk script: POST a ~400-byte JSON webhook body (like one rendered notification).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"version":"1","key":"rule:leave-chofu:2024-12-22T08:14","rule":"leave-chofu",' ..
  '"title":"Leave now for the 08:14 Keio Line express","message":"Walk 6 min to Chofu; ' ..
  'next express departs 08:14 from platform 2 for Shinjuku. Following one: 08:22 rapid.",' ..
  '"departure":"2024-12-22T08:14:00+09:00","expires":"2024-12-22T08:14:00+09:00",' ..
  '"line":"Keio Line","stop":"Chofu","destination":"Shinjuku","urgency":"normal","padding":"xxxx"}'
