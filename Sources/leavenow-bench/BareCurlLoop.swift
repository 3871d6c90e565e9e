import CCurl
import Foundation

/// The reference of the send loop: the plain libcurl multi loop a C programmer would write, in Swift,
/// with nothing of leavenow in it — one easy handle per connection set up once (URL, POST, no
/// `Expect`, a write callback that drops the body), every request's header list and body built before
/// the clock starts, `curl_multi_perform` + `curl_multi_poll`, a finished handle re-added at once
/// with the next request's body and headers. No store, no classification, no response kept beyond
/// its status. What leavenow's loop is measured against.
struct BareCurlLoop {
    /// One prebuilt request: its header lines and its body.
    struct Request {
        var headers: [String]
        var body: Data
    }

    let url: String
    let connections: Int

    /// Sends every request (at most `connections` at once) and returns how many answered 204.
    func run(_ requests: [Request]) throws -> Int {
        guard curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK, let multi = curl_multi_init() else {
            throw LocalNginxError("bare loop: libcurl could not start (curl_global_init / curl_multi_init)")
        }
        defer { curl_multi_cleanup(multi) }
        _ = leavenow_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, connections)
        _ = leavenow_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, connections)

        // Everything a request needs, allocated before the clock would start in a C program too.
        let lists: [UnsafeMutablePointer<curl_slist>?] = requests.map { request in
            var list: UnsafeMutablePointer<curl_slist>?
            for line in request.headers + ["Expect:"] { list = curl_slist_append(list, line) }
            return list
        }
        defer { for list in lists { curl_slist_free_all(list) } }
        let bodies: [UnsafeMutableRawBufferPointer] = requests.map { request in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, request.body.count), alignment: 1)
            _ = request.body.copyBytes(to: buffer.bindMemory(to: UInt8.self))
            return buffer
        }
        defer { for body in bodies { body.deallocate() } }

        var handles: [UnsafeMutableRawPointer] = []
        defer { for handle in handles { curl_multi_remove_handle(multi, handle); curl_easy_cleanup(handle) } }
        for _ in 0..<min(connections, requests.count) {
            guard let handle = curl_easy_init() else { throw LocalNginxError("bare loop: curl_easy_init failed") }
            handles.append(handle)
            _ = leavenow_easy_setopt_string(handle, CURLOPT_URL, url)
            _ = leavenow_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
            _ = leavenow_easy_setopt_long(handle, CURLOPT_POST, 1)
            _ = leavenow_easy_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION) { _, size, count, _ in size * count }
        }
        var index: [UnsafeMutableRawPointer: Int] = [:]
        var next = 0
        func add(_ handle: UnsafeMutableRawPointer) {
            let request = next
            next += 1
            index[handle] = request
            _ = leavenow_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, lists[request])
            _ = leavenow_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(requests[request].body.count))
            _ = leavenow_easy_setopt_pointer(handle, CURLOPT_POSTFIELDS, bodies[request].baseAddress!)
            curl_multi_add_handle(multi, handle)
        }
        for handle in handles { add(handle) }

        var ok = 0, finished = 0, running: Int32 = 0, remaining: Int32 = 0
        while finished < requests.count {
            let performed = curl_multi_perform(multi, &running)
            guard performed == CURLM_OK else {
                throw LocalNginxError("bare loop: curl_multi_perform: \(String(cString: curl_multi_strerror(performed)))")
            }
            while let message = curl_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                var status = 0
                _ = leavenow_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
                if message.pointee.data.result == CURLE_OK, status == 204 { ok += 1 }
                finished += 1
                curl_multi_remove_handle(multi, handle)
                if next < requests.count { add(handle) }
            }
            if finished < requests.count { _ = curl_multi_poll(multi, nil, 0, 100, nil) }
        }
        return ok
    }
}
