// SPDX-License-Identifier: Apache-2.0

#include "core/settings/settings.h"

#include "common/constvalue.h"
#include "confirmations.h"
#include "fakemarketbackend.h"
#include "gui/common/viewcontext.h"
#include "gui/common/workspacebar.h"
#include "gui/reservations/orderpanel.h"
#include "gui/reservations/plannerchart.h"
#include "gui/reservations/reservationspage.h"
#include "gui/theme/theme.h"
#include "orderstatus.h"
#include "support/postedevents.h"
#include "support/testenv.h"
#include "widgetscreenshot.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QPalette>
#include <QPointer>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QToolButton>

#include <algorithm>
#include <memory>

#include <time.h>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
// 20 minutes into an hour.
constexpr qint64 Now = 1'800'001'200;
constexpr qint64 Hour0 = 1'800'000'000;

Pool makePool()
{
    Pool pool;
    pool.id = u"pool_train"_s;
    pool.name = u"training"_s;
    // 8 nodes of H100 from two hours ago for three days, 2 of H200 for a day from tomorrow.
    pool.bySku.insert(u"isku_h100"_s, {ScheduleEntry{Hour0 - 2 * H, Hour0 + 72 * H, 8}});
    pool.bySku.insert(u"isku_h200"_s, {ScheduleEntry{Hour0 + 24 * H, Hour0 + 48 * H, 2}});
    return pool;
}

InstanceSku makeSku(const QString& id, const QString& alias)
{
    InstanceSku sku;
    sku.id = id;
    sku.alias = alias;
    return sku;
}

} // namespace

class TstReservationsPage final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FakeMarketBackend> m_backend;
    std::unique_ptr<ReservationsPage> m_page;
    QString m_confirmation;
    bool m_confirm = true;

    template <typename T> T* child(const QString& name) const
    {
        auto* widget = m_page->findChild<T*>(name);
        if (!widget)
            qFatal("no child %s", qPrintable(name));
        return widget;
    }

    void drag(qint64 from, qint64 to)
    {
        PlannerChart* chart = m_page->chart();
        const QPoint a = chart->viewportPointAt(from);
        const QPoint b = chart->viewportPointAt(to);
        QWidget* viewport = chart->viewport();
        QTest::mousePress(viewport, Qt::LeftButton, {}, a);
        for (int step = 1; step <= 4; ++step)
            QTest::mouseMove(viewport, a + (b - a) * step / 4);
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, b);
    }

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void init()
    {
        m_backend = std::make_unique<FakeMarketBackend>();
        m_backend->clock = Now;
        m_backend->poolList = {makePool()};
        m_backend->skuList = {makeSku(u"isku_h100"_s, u"sea-3-h100"_s),
                              makeSku(u"isku_h200"_s, u"iad-12-h200"_s)};
        for (qint64 hour = Hour0 - 24 * H; hour < Hour0 + 40 * 24 * H; hour += H)
            m_backend->hourQuotes.append(HourQuote{hour, 2'500'000 + (hour / H % 24) * 20'000,
                                                   2'000'000 + (hour / H % 12) * 10'000, std::nullopt});
        m_backend->previewAnswer.quoted = true;
        m_backend->previewAnswer.postOrderBody.limitPrice = u"2.500000"_s;
        m_backend->previewAnswer.feePercentageBps = 0;
        m_page = std::make_unique<ReservationsPage>(m_backend.get());
        m_page->setConfirmer([this](QWidget*, const QString& text, const ConfirmDialog::Answer& answer) {
            m_confirmation = text;
            answer(m_confirm);
        });
        m_page->resize(1200, 700);
        m_page->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
        m_confirmation.clear();
        m_confirm = true;
    }

    void cleanup()
    {
        m_page.reset();
        m_backend.reset();
    }

    void showsThePoolItsSkusAndPrices()
    {
        QCOMPARE(child<QComboBox>(u"plannerPool"_s)->currentText(), u"training"_s);
        QTRY_COMPARE(m_page->chart()->snapshot().quotes.size(), m_backend->hourQuotes.size());
        const PlannerSnapshot& snapshot = m_page->chart()->snapshot();
        QCOMPARE(snapshot.ownedBySku.size(), 2);
        QCOMPARE(snapshot.now, Now);
        QVERIFY(m_page->chart()->visibleFrom() < Now);
        QVERIFY(m_page->chart()->visibleTo() > Now);
    }

    void aMouseDragSelectsTheDraggedWindow()
    {
        QSignalSpy selected(m_page->chart(), &PlannerChart::selectionChanged);
        // Mid-hour points: a pixel is about a quarter of an hour at a week's range, so the snap is exact.
        drag(Hour0 + 26 * H + 1800, Hour0 + 31 * H + 1800);
        QCOMPARE(selected.count(), 1);
        const auto window = m_page->chart()->selection();
        QVERIFY(window);
        QCOMPARE(window->start, Hour0 + 26 * H);
        QCOMPARE(window->end, Hour0 + 32 * H);
        QCOMPARE(m_page->panel()->windowStart().value_or(-1), Hour0 + 26 * H);
        QCOMPARE(m_page->panel()->windowEnd().value_or(-1), Hour0 + 32 * H);
        QVERIFY(child<QLabel>(u"orderDuration"_s)->text().startsWith(u"6h"_s));
    }

    void aDragRightToLeftIntoThePastStartsNow()
    {
        drag(Hour0 + 3 * H + 1800, Hour0 - 5 * H);
        const auto window = m_page->chart()->selection();
        QVERIFY(window);
        QCOMPARE(window->start, Now); // Now is on a minute: the next minute after now is now itself
        QCOMPARE(window->end, Hour0 + 4 * H);
    }

    void previewIsDebouncedAndShown()
    {
        drag(Hour0 + 26 * H + 1800, Hour0 + 31 * H + 1800);
        child<QSpinBox>(u"orderNodes"_s)->setValue(4);
        QCOMPARE(m_backend->previews.size(), 0); // still waiting out the debounce
        auto* preview = child<QLabel>(u"orderPreview"_s);
        QTRY_VERIFY(preview->text().contains(u"Estimated rate: $2.500"_s));
        QCOMPARE(m_backend->previews.size(), 1);
        const OrderRequest asked = m_backend->previews.first();
        QCOMPARE(asked.nodeCount, 4);
        QCOMPARE(asked.startAt, Hour0 + 26 * H);
        QCOMPARE(asked.endAt, Hour0 + 32 * H);
        QCOMPARE(asked.sku, u"isku_h100"_s);
        // 4 nodes × 6 h × $2.50
        QVERIFY(preview->text().contains(u"Total: $60.00"_s));
        QVERIFY(preview->text().contains(u"Fee: $0.00"_s));
        // The estimate becomes the limit when none was typed.
        QCOMPARE(child<QLineEdit>(u"orderLimit"_s)->text(), u"2.500"_s);
    }

    void unavailablePreviewSaysWhy()
    {
        m_backend->previewAnswer = OrderPreview{};
        m_backend->previewAnswer.unavailableReason = u"no_availability"_s;
        drag(Hour0 + 26 * H + 1800, Hour0 + 31 * H + 1800);
        // On a slow machine (sanitizers) the drag itself can outlast the debounce and ask once;
        // the click then asks again. Count only what the click asks.
        m_backend->previews.clear();
        child<QPushButton>(u"orderQuote"_s)->click();
        QTRY_VERIFY(child<QLabel>(u"orderPreview"_s)->text().contains(u"No availability for this window."_s));
        QCOMPARE(m_backend->previews.size(), 1);
        QVERIFY(m_backend->placed.isEmpty()); // a quote never places
    }

    void placingConfirmsTheTotalAndShowsTheOrder()
    {
        drag(Hour0 + 26 * H + 1800, Hour0 + 31 * H + 1800);
        child<QSpinBox>(u"orderNodes"_s)->setValue(2);
        child<QLineEdit>(u"orderLimit"_s)->setText(u"3"_s);
        child<QCheckBox>(u"orderStanding"_s)->setChecked(true);
        auto* place = child<QPushButton>(u"orderPlace"_s);
        QVERIFY(place->isEnabled());

        m_confirm = false;
        place->click();
        QVERIFY(m_confirmation.contains(u"at most $36.00"_s)); // 2 × 6 h × $3
        QVERIFY(m_backend->placed.isEmpty());

        m_confirm = true;
        place->click();
        QCOMPARE(m_backend->placed.size(), 1);
        const OrderRequest order = m_backend->placed.first();
        QCOMPARE(order.side, u"buy"_s);
        QCOMPARE(order.pool, u"pool_train"_s);
        QCOMPARE(order.startAt, Hour0 + 26 * H);
        QCOMPARE(order.endAt, Hour0 + 32 * H);
        QCOMPARE(order.nodeCount, 2);
        QCOMPARE(order.limitPrice, u"3.000000"_s);
        QVERIFY(order.allowStanding);
        QVERIFY(!order.allowPartial);
        // On the chart at once.
        QCOMPARE(m_page->chart()->snapshot().orders.size(), 1);
        QCOMPARE(m_page->chart()->snapshot().orders.first().start, Hour0 + 26 * H);
        QTRY_VERIFY(child<QLabel>(u"orderStatus"_s)->text().contains(u"ordr_fake1"_s));
    }

    // The server rounds a limit half up to a multiple of $0.00006 per node-hour ("rounded to
    // per-minute precision on submission"): the confirmation shows the limit in force and its total
    // as rates and totals are shown, says what became of the typed one where the rounding shows, and
    // the order is sent with the limit in force.
    void theConfirmationShowsAndSendsTheLimitInForce()
    {
        drag(Hour0 + 26 * H + 1800, Hour0 + 31 * H + 1800);
        child<QSpinBox>(u"orderNodes"_s)->setValue(2);
        child<QLineEdit>(u"orderLimit"_s)->setText(u"2.50049"_s);
        auto* place = child<QPushButton>(u"orderPlace"_s);
        m_confirm = false;
        place->click();
        QVERIFY2(m_confirmation.contains(u"limit of $2.501 per node-hour: at most $30.01"_s),
                 qPrintable(m_confirmation)); // 2 × 6 h × $2.5005 = $30.006
        QVERIFY2(m_confirmation.contains(u"the 2.50049 typed is $2.501"_s), qPrintable(m_confirmation));
        QVERIFY(m_backend->placed.isEmpty());
        m_confirm = true;
        place->click();
        QCOMPARE(m_backend->placed.size(), 1);
        QCOMPARE(m_backend->placed.first().limitPrice, u"2.500500"_s);
        QTRY_VERIFY(!m_page->panel()->isPlacing());

        // A limit already on the grid is shown as it is, with nothing to explain.
        child<QLineEdit>(u"orderLimit"_s)->setText(u"3"_s);
        m_confirm = false;
        place->click();
        QVERIFY2(m_confirmation.contains(u"limit of $3.000 per node-hour"_s), qPrintable(m_confirmation));
        QVERIFY(!m_confirmation.contains(u"typed"_s));
    }

    // Without a confirmer set, the page asks with the real question: window-modal and answered
    // later (no loop of its own), Cancel the default and Escape; Yes places the order.
    void theRealQuestionDoesNotBlock()
    {
        m_page = std::make_unique<ReservationsPage>(m_backend.get());
        m_page->resize(1200, 700);
        m_page->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
        drag(Hour0 + 26 * H + 1800, Hour0 + 31 * H + 1800);
        child<QLineEdit>(u"orderLimit"_s)->setText(u"2.50049"_s);
        child<QPushButton>(u"orderPlace"_s)->click();
        QPointer<QMessageBox> box = openConfirmation(m_page.get());
        QVERIFY(box);
        QCOMPARE(box->windowModality(), Qt::WindowModal);
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel));
        QCOMPARE(box->textFormat(), Qt::PlainText);
        QVERIFY2(box->text().contains(u"the 2.50049 typed is $2.501"_s), qPrintable(box->text()));
        saveWidgetScreenshot(box, u"order-confirmation"_s);
        QTest::keyClick(box, Qt::Key_Escape);
        QTRY_VERIFY(!box);
        QVERIFY(m_backend->placed.isEmpty());
        QVERIFY(!m_page->panel()->isPlacing());

        child<QPushButton>(u"orderPlace"_s)->click();
        box = openConfirmation(m_page.get());
        QVERIFY(box);
        answerConfirmation(box, true);
        QCOMPARE(m_backend->placed.size(), 1);
        QCOMPARE(m_backend->placed.first().limitPrice, u"2.500500"_s);
    }

    void theServersRefusalIsShown()
    {
        m_backend->placeRefusal = u"Insufficient balance."_s;
        drag(Hour0 + 26 * H + 1800, Hour0 + 31 * H + 1800);
        child<QLineEdit>(u"orderLimit"_s)->setText(u"3.00"_s);
        child<QPushButton>(u"orderPlace"_s)->click();
        QTRY_VERIFY(child<QLabel>(u"orderStatus"_s)->text().contains(u"Insufficient balance."_s));
    }

    void fillsShowOnTheChartAndInTheAllocation()
    {
        drag(Hour0 + 26 * H + 1800, Hour0 + 31 * H + 1800);
        child<QLineEdit>(u"orderLimit"_s)->setText(u"3"_s);
        child<QCheckBox>(u"orderStanding"_s)->setChecked(true);
        child<QPushButton>(u"orderPlace"_s)->click();
        QCOMPARE(m_backend->orderList.size(), 1);

        // The market fills it: the order records the fill and the pool gains the nodes.
        Order& order = m_backend->orderList.first();
        order.status = Order::Status::Filled;
        order.statusText = u"filled"_s;
        order.filledDelta = {ScheduleEntry{Hour0 + 26 * H, Hour0 + 32 * H, 1}};
        Pool& pool = m_backend->poolList.first();
        pool.bySku[u"isku_h100"_s] = {ScheduleEntry{Hour0 - 2 * H, Hour0 + 26 * H, 8},
                                      ScheduleEntry{Hour0 + 26 * H, Hour0 + 32 * H, 9},
                                      ScheduleEntry{Hour0 + 32 * H, Hour0 + 72 * H, 8}};
        m_backend->notifyChanged();
        const PlannerSnapshot& snapshot = m_page->chart()->snapshot();
        QCOMPARE(snapshot.orders.first().status, PlannerOrder::Status::Filled);
        QCOMPARE(snapshot.orders.first().filled, Schedule::rectangle(Hour0 + 26 * H, Hour0 + 32 * H, 1));
        const QString tip =
            m_page->chart()->toolTipAt(m_page->chart()->viewportPointAt(Hour0 + 27 * H + 1800));
        QVERIFY2(tip.contains(u"sea-3-h100: 9 nodes owned"_s), qPrintable(tip));
    }

    void sellingTheLastDay()
    {
        child<QComboBox>(u"orderSide"_s)->setCurrentIndex(1);
        QVERIFY(child<QCheckBox>(u"orderStanding"_s)->isChecked());
        QVERIFY(child<QCheckBox>(u"orderPartial"_s)->isChecked());
        child<QPushButton>(u"sellLastDay"_s)->click();
        const auto window = m_page->chart()->selection();
        QVERIFY(window);
        QCOMPARE(window->start, Hour0 + 48 * H);
        QCOMPARE(window->end, Hour0 + 72 * H);
        QCOMPARE(child<QSpinBox>(u"orderNodes"_s)->value(), 8);
        child<QLineEdit>(u"orderLimit"_s)->setText(u"4.5"_s);
        QVERIFY(child<QPushButton>(u"orderPlace"_s)->isEnabled());
        child<QPushButton>(u"orderPlace"_s)->click();
        QVERIFY(m_confirmation.contains(u"at least $864.00"_s)); // 8 × 24 h × $4.50
        QCOMPARE(m_backend->placed.size(), 1);
        QCOMPARE(m_backend->placed.first().side, u"sell"_s);
        QVERIFY(m_backend->placed.first().allowStanding);
        QVERIFY(m_backend->placed.first().allowPartial);

        // Now listed: the same window cannot be sold twice.
        child<QPushButton>(u"sellLastDay"_s)->click();
        child<QSpinBox>(u"orderNodes"_s)->setValue(1);
        QVERIFY(!child<QPushButton>(u"orderPlace"_s)->isEnabled());
        QVERIFY2(child<QLabel>(u"orderSellable"_s)->text().contains(u"at most 0 nodes"_s),
                 qPrintable(child<QLabel>(u"orderStatus"_s)->text()));
    }

    // Owned until 19 minutes past an hour: "Last day" is 24 hours to the minute, "All from now"
    // starts at the next whole hour.
    void sellWindowsAreTheLastDayAndFromTheNextHour()
    {
        const qint64 end = Hour0 + 50 * H + 19 * 60;
        m_backend->poolList.first().bySku[u"isku_h100"_s] = {ScheduleEntry{Hour0 - 2 * H, end, 8}};
        m_backend->notifyChanged();
        child<QComboBox>(u"orderSide"_s)->setCurrentIndex(1);
        child<QPushButton>(u"sellLastDay"_s)->click();
        auto window = m_page->chart()->selection();
        QVERIFY(window);
        QCOMPARE(window->end, end);
        QCOMPARE(window->end - window->start, 24 * H);
        QCOMPARE(child<QLabel>(u"orderDuration"_s)->text().left(3), u"1d "_s);
        child<QPushButton>(u"sellWholeFuture"_s)->click();
        window = m_page->chart()->selection();
        QVERIFY(window);
        QCOMPARE(window->start, Hour0 + H); // Now is 20 minutes into Hour0
        QCOMPARE(window->end, end);
    }

    // The default range shows now through at least eight days ahead; a selection outside the
    // range brings the range to it.
    void theRangeShowsTheNextEightDaysAndFollowsTheSelection()
    {
        PlannerChart* chart = m_page->chart();
        QVERIFY(chart->visibleFrom() <= Now);
        QVERIFY(chart->visibleTo() >= Now + 8 * 24 * H);
        // A week from now fits whole.
        chart->setSelection(TimeAxis::Window{Hour0 + 7 * 24 * H, Hour0 + 8 * 24 * H});
        QVERIFY(chart->visibleFrom() <= Now);
        const qint64 span = chart->visibleTo() - chart->visibleFrom();
        // Later than the range: the range moves, keeping its span.
        const TimeAxis::Window later{Hour0 + 20 * 24 * H, Hour0 + 21 * 24 * H};
        chart->setSelection(later);
        QVERIFY(chart->visibleFrom() <= later.start);
        QVERIFY(chart->visibleTo() >= later.end);
        QCOMPARE(chart->visibleTo() - chart->visibleFrom(), span);
        // Longer than the range: the range grows to hold it.
        const TimeAxis::Window longer{Hour0 + 2 * H, Hour0 + 25 * 24 * H};
        chart->setSelection(longer);
        QVERIFY(chart->visibleFrom() <= longer.start);
        QVERIFY(chart->visibleTo() >= longer.end);
        // The fields move it too.
        QCOMPARE(m_page->panel()->windowStart().value_or(-1), longer.start);
    }

    // Start and End take what the sf command line takes; the chart follows.
    void typedStartAndEndSelectOnTheChart()
    {
        auto* start = child<QLineEdit>(u"orderStart"_s);
        auto* end = child<QLineEdit>(u"orderEnd"_s);
        start->setFocus();
        start->selectAll();
        QTest::keyClicks(start, u"in 3d"_s);
        QTest::keyClick(start, Qt::Key_Return);
        auto window = m_page->chart()->selection();
        QVERIFY(window);
        // Rounded up to the hour, as the sf command line does; an hour long until the end is typed.
        QCOMPARE(window->start, Hour0 + 72 * H + H);
        QCOMPARE(window->end, Hour0 + 74 * H);
        end->setFocus();
        end->selectAll();
        const QDateTime at = QDateTime::fromSecsSinceEpoch(Hour0 + 5 * 24 * H);
        const QString typed = QLocale::c().toString(at, u"MMM d HH:00"_s);
        QTest::keyClicks(end, typed);
        QTest::keyClick(end, Qt::Key_Return);
        window = m_page->chart()->selection();
        QVERIFY2(window, qPrintable(typed));
        QCOMPARE(window->end, QDateTime(at.date(), QTime(at.time().hour(), 0)).toSecsSinceEpoch());
        QCOMPARE(window->start, Hour0 + 73 * H);
        QVERIFY(m_page->chart()->visibleFrom() <= window->start
                && m_page->chart()->visibleTo() >= window->end);
        // Something unreadable is refused in words, and the window stays.
        end->selectAll();
        QTest::keyClicks(end, u"next tuesday"_s);
        QTest::keyClick(end, Qt::Key_Return);
        QVERIFY(child<QLabel>(u"orderStatus"_s)->text().contains(u"Invalid time"_s));
        QCOMPARE(m_page->chart()->selection(), window);
    }

    // The keyboard selects, moves and resizes a window on the chart; the description says so.
    void keyboardSelectsOnTheChart()
    {
        PlannerChart* chart = m_page->chart();
        QWidget* view = chart->findChild<QWidget*>(u"plannerChartView"_s);
        QVERIFY(view);
        QCOMPARE(view->accessibleName(), u"Reservation planner chart"_s);
        QVERIFY(view->accessibleDescription().contains(u"Nothing selected"_s));
        QVERIFY(view->accessibleDescription().contains(u"training"_s));
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(chart->selection(), (TimeAxis::Window{Hour0 + H, Hour0 + 2 * H}));
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(chart->selection(), (TimeAxis::Window{Hour0 + 2 * H, Hour0 + 3 * H}));
        QTest::keyClick(view, Qt::Key_Right, Qt::ShiftModifier);
        QTest::keyClick(view, Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(chart->selection(), (TimeAxis::Window{Hour0 + 2 * H, Hour0 + 5 * H}));
        QTest::keyClick(view, Qt::Key_Left, Qt::ShiftModifier);
        QCOMPARE(chart->selection(), (TimeAxis::Window{Hour0 + 2 * H, Hour0 + 4 * H}));
        QTest::keyClick(view, Qt::Key_PageDown);
        QCOMPARE(chart->selection(), (TimeAxis::Window{Hour0 + 26 * H, Hour0 + 28 * H}));
        QTest::keyClick(view, Qt::Key_PageDown, Qt::ShiftModifier);
        QCOMPARE(chart->selection(), (TimeAxis::Window{Hour0 + 26 * H, Hour0 + 52 * H}));
        QTest::keyClick(view, Qt::Key_PageUp);
        QCOMPARE(chart->selection(), (TimeAxis::Window{Hour0 + 2 * H, Hour0 + 28 * H}));
        // Not into the past: the earliest start is the next minute.
        QTest::keyClick(view, Qt::Key_PageUp);
        QCOMPARE(chart->selection()->start, Now + 0);
        QCOMPARE(m_page->panel()->windowStart().value_or(-1), chart->selection()->start);
        QVERIFY2(view->accessibleDescription().contains(u"Selected: "_s),
                 qPrintable(view->accessibleDescription()));
        QVERIFY(view->accessibleDescription().contains(u"(1d2h40m)"_s));
        // Enter places it, after the confirmation.
        child<QLineEdit>(u"orderLimit"_s)->setText(u"2.75"_s);
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(m_backend->placed.size(), 1);
        QCOMPARE(m_backend->placed.first().startAt, chart->selection()->start);
        QCOMPARE(m_backend->placed.first().endAt, chart->selection()->end);
        // $2.75 in force as the server keeps it: a multiple of $0.00006.
        QCOMPARE(m_backend->placed.first().limitPrice, u"2.749980"_s);
        QTest::keyClick(view, Qt::Key_Escape);
        QVERIFY(!chart->selection());
        QVERIFY(view->accessibleDescription().contains(u"Nothing selected"_s));
    }

    // The page fits a 1,024 pixel wide window, with the workspace switcher the application adds.
    void fitsANarrowWindow()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        ViewContext context(&settings);
        auto* bar = new WorkspaceBar(u"reservations"_s, &context);
        bar->combo()->addItem(u"sfc:workspace:acme:default"_s);
        m_page->setScopeBar(bar);
        // The longest message it shows.
        m_backend->poolList.clear();
        m_backend->notifyChanged();
        QVERIFY(child<QLabel>(u"plannerMessage"_s)->text().contains(u"No pools"_s));
        // Layouts take new size hints when their events have run.
        QApplication::processEvents();
        m_page->layout()->activate();
        QString widths;
        for (QWidget* w : constValue(m_page->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)))
            widths += u"%1 %2; "_s.arg(QString::fromLatin1(w->metaObject()->className()))
                          .arg(w->minimumSizeHint().width());
        QVERIFY2(m_page->minimumSizeHint().width() <= 1000,
                 qPrintable(u"%1: %2"_s.arg(m_page->minimumSizeHint().width()).arg(widths)));
        m_page->resize(1000, 700);
        QVERIFY(m_page->chart()->width() >= 500);
    }

    // Every time with its zone, local or UTC as chosen; the choice is remembered.
    void timesInBothZones()
    {
        // A local zone that is not UTC, whatever the machine's.
        const QByteArray oldTz = qgetenv("TZ");
        qputenv("TZ", "Europe/Berlin");
        tzset();
        const auto restore = qScopeGuard([oldTz] {
            if (oldTz.isEmpty())
                qunsetenv("TZ");
            else
                qputenv("TZ", oldTz);
            tzset();
        });
        const qint64 start = Hour0 + 26 * H;
        const QString local = QDateTime::fromSecsSinceEpoch(start).timeZoneAbbreviation();
        QVERIFY2(local != u"UTC"_s, qPrintable(local));
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        m_page->setSettings(&settings);
        QVERIFY(!m_page->isUtc());
        m_page->chart()->setSelection(TimeAxis::Window{start, start + 6 * H});
        auto* startField = child<QLineEdit>(u"orderStart"_s);
        QCOMPARE(startField->text(),
                 QDateTime::fromSecsSinceEpoch(start).toString(u"yyyy-MM-dd HH:mm "_s) + local);
        const QPoint at = m_page->chart()->viewportPointAt(start + 1800);
        QVERIFY2(m_page->chart()->toolTipAt(at).contains(u' ' + local),
                 qPrintable(m_page->chart()->toolTipAt(at)));

        child<QToolButton>(u"plannerUtc"_s)->click();
        QVERIFY(settings.timesInUtc());
        QCOMPARE(startField->text(),
                 QDateTime::fromSecsSinceEpoch(start, QTimeZone::UTC).toString(u"yyyy-MM-dd HH:mm"_s)
                     + u" UTC"_s);
        QVERIFY(m_page->chart()->toolTipAt(at).contains(u" UTC"_s));
        QVERIFY(!m_page->chart()->toolTipAt(at).contains(u' ' + local));
        QVERIFY(m_page->chart()->description().contains(u" UTC"_s));
        // Typed in UTC, read as UTC.
        auto* endField = child<QLineEdit>(u"orderEnd"_s);
        endField->setFocus();
        endField->selectAll();
        QTest::keyClicks(
            endField,
            QDateTime::fromSecsSinceEpoch(start + 9 * H, QTimeZone::UTC).toString(u"yyyy-MM-dd HH:mm"_s));
        QTest::keyClick(endField, Qt::Key_Return);
        QCOMPARE(m_page->chart()->selection()->end, start + 9 * H);
        // The confirmation says the zone too.
        child<QLineEdit>(u"orderLimit"_s)->setText(u"3"_s);
        m_confirm = false;
        child<QPushButton>(u"orderPlace"_s)->click();
        QVERIFY2(m_confirmation.contains(u"UTC"_s), qPrintable(m_confirmation));

        // Remembered: the next page starts in UTC.
        ReservationsPage next(m_backend.get());
        next.setSettings(&settings);
        QVERIFY(next.isUtc());
        QVERIFY(next.findChild<QToolButton*>(u"plannerUtc"_s)->isChecked());
        child<QToolButton>(u"plannerUtc"_s)->click();
        QVERIFY(!settings.timesInUtc());
    }

    // When owned capacity next starts and ends, and when resting orders start, counted down.
    void countdowns()
    {
        auto* label = child<QLabel>(u"plannerCountdowns"_s);
        // Now is 20 minutes into Hour0: the H100 ends at Hour0 + 72 h, the H200 starts at + 24 h.
        QVERIFY2(label->text().contains(u"sea-3-h100: owned capacity ends in 2d23h40m"_s),
                 qPrintable(label->text()));
        QVERIFY2(label->text().contains(u"iad-12-h200: owned capacity starts in 23h40m"_s),
                 qPrintable(label->text()));
        QVERIFY2(label->text().contains(u"iad-12-h200: owned capacity ends in 1d23h40m"_s),
                 qPrintable(label->text()));
        drag(Hour0 + 30 * H + 1800, Hour0 + 31 * H + 1800);
        child<QLineEdit>(u"orderLimit"_s)->setText(u"1"_s);
        child<QCheckBox>(u"orderStanding"_s)->setChecked(true);
        child<QPushButton>(u"orderPlace"_s)->click();
        QCOMPARE(m_backend->placed.size(), 1);
        QVERIFY2(label->text().contains(u"Buy 1 × sea-3-h100 on the book, starts in 1d5h40m"_s),
                 qPrintable(label->text()));
        // The clock moves on: the same label counts down without a new list.
        m_backend->clock = Now + 2 * H;
        QTRY_VERIFY_WITH_TIMEOUT(label->text().contains(u"starts in 1d3h40m"_s),
                                 3 * ReservationsPage::CountdownIntervalMs);
    }

    void sellingAGapInTheMiddleAndNeverMoreThanOwned()
    {
        child<QComboBox>(u"orderSide"_s)->setCurrentIndex(1);
        drag(Hour0 + 30 * H + 1800, Hour0 + 35 * H + 1800);
        const auto window = m_page->chart()->selection();
        QVERIFY(window);
        QCOMPARE(window->start, Hour0 + 30 * H);
        QCOMPARE(window->end, Hour0 + 36 * H);
        child<QLineEdit>(u"orderLimit"_s)->setText(u"2"_s);
        auto* nodes = child<QSpinBox>(u"orderNodes"_s);
        auto* place = child<QPushButton>(u"orderPlace"_s);
        nodes->setValue(9);
        QVERIFY(!place->isEnabled());
        QVERIFY(child<QLabel>(u"orderStatus"_s)->text().contains(u"cannot sell more"_s));
        nodes->setValue(8);
        QVERIFY(place->isEnabled());
        nodes->setValue(3);
        place->click();
        QVERIFY(!place->isEnabled()); // until the order has answered
        QTRY_VERIFY(OrderStatus::saysPlaced(child<QLabel>(u"orderStatus"_s)->text()));
        QCOMPARE(m_backend->placed.size(), 1);
        QCOMPARE(m_backend->placed.first().startAt, Hour0 + 30 * H);
        QCOMPARE(m_backend->placed.first().endAt, Hour0 + 36 * H);
        // What remains after the listing: 5 over the gap.
        nodes->setValue(6);
        QVERIFY(!place->isEnabled());
        nodes->setValue(5);
        QVERIFY(place->isEnabled());
    }

    void wheelZoomsAroundTheCursorAndKeysPan()
    {
        PlannerChart* chart = m_page->chart();
        const qint64 span = chart->visibleTo() - chart->visibleFrom();
        const qint64 anchor = Hour0 + 48 * H;
        const QPoint at = chart->viewportPointAt(anchor);
        const double xBefore = chart->axis().xOf(anchor);
        QWheelEvent wheel(at, chart->viewport()->mapToGlobal(at), {}, QPoint(0, 120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(chart->viewport(), &wheel);
        QVERIFY(chart->visibleTo() - chart->visibleFrom() < span);
        QVERIFY(qAbs(chart->axis().xOf(anchor) - xBefore) < 2.0);

        const qint64 from = chart->visibleFrom();
        QTest::keyClick(chart->viewport()->parentWidget(), Qt::Key_Right, Qt::ControlModifier);
        QVERIFY(chart->visibleFrom() > from);
        QVERIFY(!chart->selection());

        // Shift-drag pans instead of selecting.
        const qint64 panFrom = chart->visibleFrom();
        const QPoint start = chart->viewportPointAt(Hour0 + 40 * H);
        QTest::mousePress(chart->viewport(), Qt::LeftButton, Qt::ShiftModifier, start);
        QTest::mouseMove(chart->viewport(), start + QPoint(100, 0));
        QTest::mouseRelease(chart->viewport(), Qt::LeftButton, Qt::ShiftModifier, start + QPoint(100, 0));
        QVERIFY(chart->visibleFrom() < panFrom);
        QVERIFY(!chart->selection());
    }

    void rangesAndTooltip()
    {
        child<QToolButton>(u"rangeDay"_s)->click();
        QCOMPARE(m_page->chart()->visibleTo() - m_page->chart()->visibleFrom(), 24 * H);
        child<QToolButton>(u"rangeMonth"_s)->click();
        QCOMPARE(m_page->chart()->visibleTo() - m_page->chart()->visibleFrom(), 30 * 24 * H);
        QTRY_VERIFY(!m_page->chart()->snapshot().quotes.isEmpty());
        const QString tip =
            m_page->chart()->toolTipAt(m_page->chart()->viewportPointAt(Hour0 + 30 * H + 1800));
        QVERIFY2(tip.contains(u"sea-3-h100: 8 nodes owned"_s), qPrintable(tip));
        QVERIFY2(tip.contains(u"iad-12-h200: 2 nodes owned"_s), qPrintable(tip));
        QVERIFY2(tip.contains(u"Best ask for sea-3-h100"_s), qPrintable(tip));
        QVERIFY2(tip.contains(u"$2.78"_s), qPrintable(tip)); // hour index 14: 2.5 + 14 × 0.02
        QVERIFY(m_page->chart()->toolTipAt(QPoint(-5, -5)).isEmpty());
    }

    void exportsPng()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"chart.png"_s);
        QString error;
        QVERIFY2(m_page->exportChart(file, &error), qPrintable(error));
        QImage image(file);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 300);
        QVERIFY(!m_page->exportChart(dir.filePath(u"missing/dir/chart.png"_s), &error));
        QVERIFY(!error.isEmpty());

        // As the user does it: Export asks where in a dialog that does not hold the page, and a
        // place that cannot be written says so in a message box.
        const auto exportThrough = [this](const QString& path) {
            m_page->findChild<QAbstractButton*>(u"plannerExport"_s)->click();
            QFileDialog* dialog = nullptr;
            QTRY_VERIFY((dialog = m_page->findChild<QFileDialog*>(u"plannerExportDialog"_s)));
            const QPointer<QFileDialog> asked(dialog);
            dialog->selectFile(path);
            static_cast<QDialog*>(dialog)->accept(); // QFileDialog::accept() is protected
            QTRY_VERIFY(!asked);                     // closed and gone
        };
        const QString chosen = dir.filePath(u"chosen.png"_s);
        exportThrough(chosen);
        QTRY_VERIFY(QFileInfo::exists(chosen));
        QVERIFY(!QImage(chosen).isNull());
        QVERIFY(!m_page->findChild<QMessageBox*>(u"plannerExportErrorBox"_s));
        exportThrough(dir.filePath(u"missing/dir/chosen.png"_s));
        QMessageBox* box = nullptr;
        QTRY_VERIFY((box = m_page->findChild<QMessageBox*>(u"plannerExportErrorBox"_s)));
        QVERIFY2(box->text().contains(u"missing/dir/chosen.png"_s), qPrintable(box->text()));
        box->close();
    }

    // Screenshots for people to look at: SFDESK_SCREENSHOT_DIR=/tmp/shots.
    void screenshots()
    {
        const QString dir = qEnvironmentVariable("SFDESK_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("SFDESK_SCREENSHOT_DIR not set");
        QDir().mkpath(dir);
        Order standing;
        standing.id = u"ordr_standing"_s;
        standing.pool = ObjectRef{u"pool_train"_s, u"training"_s};
        standing.side = u"buy"_s;
        standing.sku = ObjectRef{u"isku_h100"_s, u"sea-3-h100"_s};
        standing.delta = {ScheduleEntry{Hour0 + 80 * H, Hour0 + 110 * H, 4}};
        standing.filledDelta = {ScheduleEntry{Hour0 + 80 * H, Hour0 + 90 * H, 2}};
        standing.limitPrice = Price{u"2.400000"_s, 2'400'000};
        standing.status = Order::Status::PartiallyFilled;
        standing.statusText = u"partially_filled"_s;
        Order sell = standing;
        sell.id = u"ordr_sell"_s;
        sell.side = u"sell"_s;
        sell.delta = {ScheduleEntry{Hour0 + 50 * H, Hour0 + 72 * H, 3}};
        sell.filledDelta = {};
        sell.limitPrice = Price{u"3.100000"_s, 3'100'000};
        sell.status = Order::Status::Standing;
        sell.statusText = u"standing"_s;
        m_backend->orderList = {standing, sell};
        m_backend->notifyChanged();
        drag(Hour0 + 26 * H + 1800, Hour0 + 40 * H + 1800);
        child<QSpinBox>(u"orderNodes"_s)->setValue(3);
        QTRY_VERIFY(child<QLabel>(u"orderPreview"_s)->text().contains(u"Total"_s));
        for (const bool dark : {false, true}) {
            const QPalette palette = dark ? Theme::darkPalette() : Theme::lightPalette();
            // Delivered to every widget within the call; what it posts (repaints, relayouts) is
            // flushed before the grab.
            QApplication::setPalette(palette);
            flushPostedEvents();
            QCOMPARE(m_page->chart()->palette().color(QPalette::Window), palette.color(QPalette::Window));
            QVERIFY(m_page->grab().save(dir + (dark ? u"/planner-dark.png"_s : u"/planner-light.png"_s)));
        }
        QApplication::setPalette(Theme::lightPalette());
    }

    // Rendering cost: a month with 20 SKUs and 1,000 orders against the same chart empty.
    void benchmarkRendering()
    {
        PlannerChart chart;
        chart.resize(1200, 600);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        PlannerSnapshot empty;
        empty.now = Now;
        chart.setSnapshot(empty);
        chart.setRange(PlannerChart::Range::Month);
        // Medians of several runs: one sample on a busy machine says little.
        const auto median = [](QList<double> samples) {
            std::sort(samples.begin(), samples.end());
            return samples.at(samples.size() / 2);
        };
        const auto time = [&chart, &median] {
            QList<double> samples;
            for (int i = 0; i < 7; ++i) {
                QElapsedTimer timer;
                timer.start();
                (void)chart.image();
                samples.append(double(timer.nsecsElapsed()) / 1e6);
            }
            return median(samples);
        };
        const double emptyMs = time();

        PlannerSnapshot full = empty;
        for (int sku = 0; sku < 20; ++sku) {
            QList<ScheduleEntry> days;
            for (int day = -5; day < 35; ++day)
                days.append(
                    ScheduleEntry{Hour0 + day * 24 * H, Hour0 + (day + 1) * 24 * H, 1 + (sku + day) % 4});
            full.ownedBySku.insert(u"isku_%1"_s.arg(sku, 2, 10, QLatin1Char('0')),
                                   Schedule::fromEntries(days));
        }
        for (int i = 0; i < 1000; ++i) {
            PlannerOrder order;
            order.id = u"ordr_%1"_s.arg(i);
            order.buy = i % 3 != 0;
            order.sku = u"isku_%1"_s.arg(i % 20, 2, 10, QLatin1Char('0'));
            order.start = Hour0 + (i % 700) * H;
            order.end = order.start + (4 + i % 30) * H;
            order.nodes = 1 + i % 6;
            order.limitMicros = 2'000'000 + i * 1000;
            order.status = PlannerOrder::Status::Standing;
            full.orders.append(order);
        }
        for (qint64 hour = Hour0 - 5 * 24 * H; hour < Hour0 + 35 * 24 * H; hour += H)
            full.quotes.append(HourQuote{hour, 2'500'000 + hour % 7 * 10'000, 2'000'000, std::nullopt});
        // From the empty chart to the full one, each time from scratch: axes, legend and all.
        QList<double> changes;
        for (int i = 0; i < 5; ++i) {
            chart.setSnapshot(empty);
            (void)chart.image();
            QElapsedTimer change;
            change.start();
            chart.setSnapshot(full);
            (void)chart.image();
            changes.append(double(change.nsecsElapsed()) / 1e6);
        }
        const double changeMs = median(changes);
        const double fullMs = time();
        qInfo("planner chart, month: empty %.2f ms, 20 SKUs + 1000 orders %.2f ms, ratio %.2f; "
              "change to shown %.2f ms, ratio %.2f",
              emptyMs, fullMs, fullMs / std::max(0.001, emptyMs), changeMs,
              changeMs / std::max(0.001, emptyMs));
        QVERIFY(fullMs > 0);
    }
};

QTEST_MAIN(TstReservationsPage)
#include "tst_reservationspage.moc"
