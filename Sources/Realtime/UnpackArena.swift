import CGTFSRealtime

#if canImport(Glibc)
import Glibc
#endif

/// A bump allocator for one protobuf-c unpack: protobuf-c allocates every message, string and array
/// of a feed separately (about 1,400 `malloc`s for the Caltrain TripUpdates); from the arena they are
/// pointer bumps, and releasing the arena frees them all at once.
///
/// Use: `unpack(…, &arena.allocator)`, read, `free_unpacked(…, &arena.allocator)` (its frees are
/// no-ops here: the call keeps the protobuf-c contract), then `release()`.
struct UnpackArena: ~Copyable {
    /// The blocks and the bump cursor (heap-allocated: the C callbacks reach it through allocator_data).
    private var state: UnsafeMutablePointer<State>
    /// The protobuf-c allocator drawing from this arena.
    var allocator: ProtobufCAllocator

    struct State {
        var blocks: [UnsafeMutableRawPointer] = []
        var next: UnsafeMutableRawPointer? = nil
        var remaining = 0
        var blockSize: Int
    }

    /// An arena whose first block fits about `expected` bytes of unpacked messages.
    init(expected: Int) {
        state = .allocate(capacity: 1)
        state.initialize(to: State(blockSize: max(4_096, expected)))
        allocator = ProtobufCAllocator(
            alloc: { data, size in
                let state = data!.assumingMemoryBound(to: State.self)
                let rounded = (size + 15) & ~15
                if rounded > state.pointee.remaining {
                    let blockSize = max(state.pointee.blockSize, rounded)
                    guard let block = malloc(blockSize) else { return nil }
                    state.pointee.blocks.append(block)
                    state.pointee.next = block
                    state.pointee.remaining = blockSize
                    state.pointee.blockSize = blockSize * 2
                }
                let pointer = state.pointee.next!
                state.pointee.next = pointer + rounded
                state.pointee.remaining -= rounded
                return pointer
            },
            free: { _, _ in },
            allocator_data: UnsafeMutableRawPointer(state))
    }

    /// Frees every block.
    consuming func release() {
        for block in state.pointee.blocks { free(block) }
        state.deinitialize(count: 1)
        state.deallocate()
        discard self
    }

    deinit {
        for block in state.pointee.blocks { free(block) }
        state.deinitialize(count: 1)
        state.deallocate()
    }
}
