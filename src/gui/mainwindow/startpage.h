// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QPointer>
#include <QWidget>

#include <functional>

class QAbstractItemModel;
class QLabel;
class QPushButton;
class QVBoxLayout;

namespace sfdesk {

class ListWatch;
class MoneyModel;
class PriceWatchList;
class Session;
class ViewContext;

// The first page: the account at a glance (owned nodes per pool now and over the next week,
// instances per InfiniBand partition, open orders, price watches), each part with a button into
// its section. It reads the connection's lists while it is shown; without a signed-in connection it
// says so (the bar above the pages offers Sign In).
class StartPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StartPage)

public:
    StartPage(ViewContext* context, PriceWatchList* watches, std::function<qint64()> now,
              QWidget* parent = nullptr);
    ~StartPage() override;

    // Shows the figures as the lists hold them now (the page also does so when they change).
    void refresh();

Q_SIGNALS:
    void sectionRequested(const QString& id);
    void priceWatchesRequested();

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    QPushButton* sectionButton(const QString& id, const QString& text, QWidget* parent);
    void scheduleUpdate();
    void bindModels();
    void followModel(QAbstractItemModel* model);
    static QList<QAbstractItemModel*> modelsOf(const Session* session);

    ViewContext* m_context;
    QPointer<PriceWatchList> m_watches;
    std::function<qint64()> m_now;
    QPointer<Session> m_session;
    ListWatch* m_lists = nullptr;
    bool m_updateQueued = false;
    // Sums the month's fills as the Money page does.
    MoneyModel* m_money;

    QLabel* m_scope;
    QLabel* m_signedOut;
    QWidget* m_cards;
    QLabel* m_poolsSummary;
    QVBoxLayout* m_poolRows;
    QLabel* m_instancesSummary;
    QLabel* m_partitionLines;
    QLabel* m_ordersSummary;
    QLabel* m_orderLines;
    QLabel* m_moneySummary;
    QLabel* m_watchesSummary;
    QLabel* m_watchLines;
};

} // namespace sfdesk
