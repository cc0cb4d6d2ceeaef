import CProcessShim

/// Keeps freed canvas-sized buffers in the process's heap, so the next output's canvas, layers
/// and pixel copies reuse pages already faulted in instead of fresh zeroed ones.
///
/// glibc serves an allocation above its mmap threshold (128 KiB at start) with a fresh `mmap`
/// and unmaps it on free; every 12 MB canvas of every output was then cleared page by page by
/// the kernel (a third of the tool's system time on the 24-output job of `make bench-peers`).
/// Called by the tool's and the drawing worker's `main` only: a library user's process keeps
/// its own allocator settings.
public enum HeapReuse {
    public static func keepLargeBuffers() {
        // Up to 256 MiB from the heap (a 16384 × 16384 canvas, 1 GiB, is still mapped), and the
        // heap's free top kept up to 1 GiB: never more than the peak the run already reached.
        ssc_keep_heap(256 << 20, 1 << 30)
    }
}
