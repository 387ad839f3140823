import Foundation
import Observation
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLRequest and HTTPURLResponse are part of Foundation
import FoundationNetworking
#endif

/// An orders list screen's model, written the way an app team writes one, without filmstrip: an
/// injected clock, transport and network monitor; a spinner only after a delay; a refresh that
/// keeps the orders and reports its failure over them; an empty state once a load came back
/// empty; offline when the device is, retrying by itself when the connection returns; a retry
/// that is ignored while a request is in flight.
@MainActor @Observable
final class OrdersListModel {
    /// One order as the screen lists it.
    struct Order: Equatable, Sendable {
        var title: String
        var status: String
    }

    private(set) var orders: [Order] = []
    private(set) var hasLoaded = false
    private(set) var isLoading = false
    private(set) var showsSpinner = false
    private(set) var isRefreshing = false
    private(set) var refreshError: String?
    private(set) var loadError: String?
    private(set) var isOffline: Bool

    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let transport: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    @ObservationIgnored private let connectivity: AsyncStream<Bool>
    @ObservationIgnored private let spinnerDelay: Duration
    @ObservationIgnored private var watching: Task<Void, Never>?

    init(
        clock: any Clock<Duration>, transport: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse),
        isOnline: Bool, connectivity: AsyncStream<Bool>, spinnerDelay: Duration = .seconds(1)
    ) {
        self.clock = clock
        self.transport = transport
        self.isOffline = !isOnline
        self.connectivity = connectivity
        self.spinnerDelay = spinnerDelay
    }

    /// The screen appeared: watch the connection and load.
    func appear() {
        let connectivity = connectivity
        watching = Task {
            for await online in connectivity {
                isOffline = !online
                if online, orders.isEmpty, !isLoading { load() }
            }
        }
        load()
    }

    /// Try again: ignored while a request is in flight.
    func retry() {
        guard !isLoading, !isRefreshing else { return }
        load()
    }

    /// Pull to refresh: keeps the orders; a failure is reported over them.
    func refresh() {
        guard !orders.isEmpty, !isLoading, !isRefreshing else { return }
        isRefreshing = true
        Task {
            do {
                orders = try await fetch()
                refreshError = nil
            } catch {
                refreshError = "Couldn't refresh orders"
            }
            isRefreshing = false
        }
    }

    private func load() {
        loadError = nil
        isLoading = true
        let spinner = Task {
            try? await clock.sleep(for: spinnerDelay)
            if !Task.isCancelled, isLoading { showsSpinner = true }
        }
        Task {
            do {
                orders = try await fetch()
                hasLoaded = true
            } catch let error as URLError where error.code == .notConnectedToInternet {
                isOffline = true
            } catch {
                loadError = "Couldn't load your orders."
            }
            spinner.cancel()
            isLoading = false
            showsSpinner = false
        }
    }

    /// `GET /orders`: one order a line, `title|status`.
    private func fetch() async throws -> [Order] {
        let (data, response) = try await transport(URLRequest(url: URL(string: "https://shop.example.com/orders")!))
        guard response.statusCode == 200 else { throw URLError(.badServerResponse) }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            let parts = line.split(separator: "|", maxSplits: 1).map(String.init)
            return Order(title: parts[0], status: parts.count > 1 ? parts[1] : "")
        }
    }
}
