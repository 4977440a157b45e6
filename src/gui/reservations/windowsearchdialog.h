// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/plannerdata.h"
#include "core/market/windowsearch.h"

#include <QDialog>
#include <QPointer>

#include <memory>

class QPushButton;

namespace Ui {
class WindowSearchDialog;
}

namespace sfdesk {

class MarketBackend;

// The search for the cheapest window to buy: a node count, a range of lengths and a range of starts
// ("3 to 5 days, starting within the next 2 weeks"), ranked by total cost or by price per
// node-hour from the order book's best asks. Choosing a result hands it to the planner.
class WindowSearchDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WindowSearchDialog)

public:
    // SKU ids and the names to show, in order.
    using SkuNames = QList<std::pair<QString, QString>>;

    WindowSearchDialog(MarketBackend* backend, const SkuNames& skus, const QString& currentSku, int nodes,
                       bool utc, QWidget* parent = nullptr);
    ~WindowSearchDialog() override;

    // The windows found, best first, as the list shows them.
    const QList<WindowSearch::Offer>& results() const { return m_results; }
    QString resultsSku() const { return m_resultsSku; }

    // Searches with what the fields say; results() follow when the quotes arrive.
    void search();

Q_SIGNALS:
    // A result to select on the chart (and preview) as a buy of `offer.nodes` nodes of `sku`.
    void chosen(const QString& sku, const sfdesk::WindowSearch::Offer& offer);
    // A result to keep with a procurement: its nodes of `sku` from now on, up to its end.
    void keepChosen(const QString& sku, const sfdesk::WindowSearch::Offer& offer);
    // A result to watch for a lower price.
    void watchChosen(const QString& sku, const sfdesk::WindowSearch::Offer& offer);

private:
    void showResults(const QList<HourQuote>& quotes);
    void chooseCurrent();
    void keepCurrent();
    void watchCurrent();

    std::unique_ptr<Ui::WindowSearchDialog> m_ui;
    QPointer<MarketBackend> m_backend;
    bool m_utc;
    QPushButton* m_select = nullptr;
    QPushButton* m_keep = nullptr;
    QPushButton* m_watch = nullptr;
    // The search whose quotes are awaited.
    WindowSearch::Query m_query;
    QString m_querySku;
    qint64 m_quotesFrom = 0;
    qint64 m_quotesTo = 0;
    bool m_waiting = false;
    QList<WindowSearch::Offer> m_results;
    QString m_resultsSku;
};

} // namespace sfdesk
