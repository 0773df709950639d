"""Word search columns for name, rules text and flavor, filled from the cards; on PostgreSQL, GIN full-text indexes.

The indexes are on the very expression `cards.text_search.Words` queries (`to_tsvector('simple', <column>)`), so the
planner can use them. SQLite has no such index: there the same search is a LIKE over the words column.
"""
from django.db import migrations

from cards.models import search_words
from cards.text_search import TSVECTOR, WordsField

SEARCH_COLUMNS = ("name_words", "text_words", "flavor_words")


def fill_words(apps, schema_editor):
    Card = apps.get_model("cards", "Card")
    rows = list(Card.objects.all())
    for card in rows:
        for column, value in search_words(card.name, card.text, card.flavor).items():
            setattr(card, column, value)
    Card.objects.bulk_update(rows, list(SEARCH_COLUMNS), batch_size=500)


def index_name(column: str) -> str:
    return f"cards_card_{column}_fts"


def create_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for column in SEARCH_COLUMNS:
        schema_editor.execute(f"CREATE INDEX {index_name(column)} ON cards_card "
                              f"USING gin ({TSVECTOR.format(column=column)})")


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for column in SEARCH_COLUMNS:
        schema_editor.execute(f"DROP INDEX IF EXISTS {index_name(column)}")


class Migration(migrations.Migration):

    dependencies = [
        ('cards', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='card',
            name='flavor_words',
            field=WordsField(blank=True, default='', editable=False),
        ),
        migrations.AddField(
            model_name='card',
            name='name_words',
            field=WordsField(blank=True, default='', editable=False),
        ),
        migrations.AddField(
            model_name='card',
            name='text_words',
            field=WordsField(blank=True, default='', editable=False),
        ),
        migrations.RunPython(fill_words, migrations.RunPython.noop),
        migrations.RunPython(create_indexes, drop_indexes),
    ]
