import { Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center h="60vh" p="md">
      <Text>{t('public.notFound')}</Text>
    </Center>
  );
}
