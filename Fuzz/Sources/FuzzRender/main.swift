// libFuzzer entry; the harness lives in the main package (OverlayFuzzing), where the renderer's package API is visible.
import OverlayFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzHarness.render(start, count)
}
