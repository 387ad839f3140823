import Filmstrip

// The whole bench of OrdersListModel on the stock list panel: how to make the model, which slots
// its state fills, what each plan event calls. StockListScreenTests holds it to 40 lines of code.
extension BenchDefinition {
    static let ordersList = BenchDefinition.listScreen(
        name: "orderslist", summary: "an orders list screen's own model on the stock list panel",
        panel: ListScreenPanel(id: "orders", title: "ORDERS"),
        make: { clock, http in
            OrdersListModel(clock: clock, transport: http.send, isOnline: http.network.isOnline, connectivity: http.network.updates())
        },
        screen: { model in
            ListScreen(
                rows: model.orders.map { ListRow($0.title, detail: $0.status) },
                loading: model.isLoading ? (model.showsSpinner ? .spinner : .hidden) : nil,
                refreshing: model.isRefreshing, banner: model.refreshError,
                empty: model.hasLoaded ? .firstUse(title: "No orders yet", message: "Orders you place appear here.", action: "Create order") : nil,
                failure: model.loadError, offline: model.isOffline)
        },
        perform: { model, event in
            switch event.action {
            case .appear: model.appear()
            case .tap("refresh"): model.refresh()
            case .tap: model.retry()
            case .type, .disappear: break
            }
        })
}
