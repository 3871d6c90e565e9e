extension Array where Element == Int64 {
    /// In an array sorted ascending: the index of the first element at or after `instant` (`count`
    /// when there is none), by binary search. What a board's and a rule group's departure instants
    /// are searched with.
    @inlinable public func firstIndex(atOrAfter instant: Int64) -> Int {
        var low = 0, high = count
        withUnsafeBufferPointer { buffer in
            while low < high {
                let mid = (low + high) >> 1
                if buffer[mid] < instant { low = mid + 1 } else { high = mid }
            }
        }
        return low
    }
}
