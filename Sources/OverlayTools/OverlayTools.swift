// Library code behind the CLI: publish, inspect, matrix.
enum OverlayToolsModule {}
