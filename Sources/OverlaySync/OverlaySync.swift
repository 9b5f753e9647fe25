// Transports and the SyncService actor live here.
enum OverlaySyncModule {}
