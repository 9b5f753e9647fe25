// Placeholder: replaced by the fuzz entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt { 0 }
